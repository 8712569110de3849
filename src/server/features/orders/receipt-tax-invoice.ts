// The order's sale as KRA's control unit signed it, for the receipt: read from the tax invoice the
// shop sent (and the device that sent it). Null until KRA has signed it: the receipt then says
// 'Tax invoice pending'.
import { and, desc, eq } from 'drizzle-orm';
import type { EtimsEnvironment } from '@/domain/tax-invoice';
import type { DbOrTx } from '../../db/client';
import { etimsDevices, taxInvoices } from '../../db/schema';

/** What KRA's control unit answered for the order's sale invoice, as the receipt prints it. */
export interface SignedTaxInvoice {
  /** The seller's KRA PIN (11 characters) and registered name. */
  sellerPin: string;
  sellerName: string;
  /** The seller's branch at KRA ('00' for the head office); part of the verification link. */
  branchId: string;
  /** The control unit's id (e.g. 'KRACU0400001238'). */
  cuId: string;
  /** As KRA prints it, '<CU id>/<receipt number>' (e.g. 'KRACU0400001238/3'). */
  cuInvoiceNumber: string;
  internalData: string;
  receiptSignature: string;
  /** When the control unit signed the invoice. */
  cuDateTime: Date;
  /** Which KRA portal verifies it. */
  environment: EtimsEnvironment;
}

export async function signedSaleInvoice(db: DbOrTx, orderId: string, environment: EtimsEnvironment): Promise<SignedTaxInvoice | null> {
  const [row] = await db
    .select({
      tin: etimsDevices.tin,
      bhfId: etimsDevices.bhfId,
      taxpayerName: etimsDevices.taxpayerName,
      sdcId: taxInvoices.sdcId,
      cuInvoiceNo: taxInvoices.cuInvoiceNo,
      intrlData: taxInvoices.intrlData,
      rcptSign: taxInvoices.rcptSign,
      sdcDateTime: taxInvoices.sdcDateTime,
    })
    .from(taxInvoices)
    .innerJoin(etimsDevices, eq(etimsDevices.id, taxInvoices.deviceId))
    .where(and(eq(taxInvoices.orderId, orderId), eq(taxInvoices.kind, 'sale'), eq(taxInvoices.status, 'sent')))
    .orderBy(desc(taxInvoices.number))
    .limit(1);
  if (!row?.sdcId || !row.cuInvoiceNo || !row.intrlData || !row.rcptSign || !row.sdcDateTime) return null;
  return {
    sellerPin: row.tin,
    sellerName: row.taxpayerName ?? '',
    branchId: row.bhfId,
    cuId: row.sdcId,
    cuInvoiceNumber: row.cuInvoiceNo,
    internalData: row.intrlData,
    receiptSignature: row.rcptSign,
    cuDateTime: row.sdcDateTime,
    environment,
  };
}
