import { describe, expect, it } from 'vitest';
import { csvRecord } from './csv';
import { LINE_CSV_HEADERS, ORDER_CSV_HEADERS, invoiceStateText, lineCsvCells, orderCsvCells } from './bookkeeping-csv';
import { reportCellText, reportCsvCell, totalRow } from './report-table';

const ORDER = {
  id: '3f2a9c1e-0000-4000-8000-000000000001',
  paidAt: new Date('2025-03-03T05:00:00Z'),
  customerName: '=HYPERLINK("http://x")',
  customerPhone: '+254712345678',
  zone: 'Westlands, Nairobi',
  status: 'completed',
  paymentMethod: 'MpesaKE',
  subtotal: 100_000,
  bands: [
    { band: 'B' as const, taxable: 100_000, tax: 16_000 },
    { band: 'D' as const, taxable: 20_050, tax: 0 },
  ],
  vat: 16_000,
  deliveryFee: 20_050,
  smallOrderFee: 0,
  rounding: 50,
  total: 136_050,
  refunded: 10_000,
  invoiceNumber: 12,
  invoiceStatus: 'sent',
  cuInvoiceNo: 'KRACU0100000001/12',
};

describe('the bookkeeper’s order and line rows', () => {
  it('writes one order as plain decimals in Nairobi time, every band, and safe text', () => {
    const cells = orderCsvCells(ORDER);
    expect(cells).toHaveLength(ORDER_CSV_HEADERS.length);
    expect(csvRecord(cells)).toBe(
      [
        '3f2a9c1e',
        ORDER.id,
        '2025-03-03 08:00',
        '"\'=HYPERLINK(""http://x"")"',
        "'+254712345678",
        '"Westlands, Nairobi"',
        'completed',
        'M-Pesa',
        '1000.00',
        '0.00,0.00,1000.00,160.00,0.00,0.00,200.50,0.00,0.00,0.00',
        '160.00',
        '200.50',
        '0.00',
        '0.50',
        '1360.50',
        '100.00',
        '1260.50',
        'INV-12',
        'Signed by KRA',
        'KRACU0100000001/12',
      ].join(','),
    );
  });

  it('writes a line with its kg, band, VAT and total with VAT in either price mode', () => {
    const line = {
      orderId: ORDER.id,
      paidAt: ORDER.paidAt,
      product: 'Tilapia — Large',
      variant: 'Large',
      quantity: 2,
      grams: 1_300,
      unitPrice: 50_000,
      band: 'B' as const,
      rateBp: 1600,
      vat: 16_000,
      lineTotal: 100_000,
      pricesIncludeVat: false,
      refunded: 9_500,
    };
    expect(lineCsvCells(line)).toHaveLength(LINE_CSV_HEADERS.length);
    expect(csvRecord(lineCsvCells(line)).split(',').slice(3)).toEqual([
      'Tilapia — Large',
      'Large',
      '2',
      '1.3',
      '500.00',
      'B',
      '16',
      '160.00',
      '1000.00',
      '1160.00',
      '95.00',
    ]);
    expect(
      csvRecord(lineCsvCells({ ...line, pricesIncludeVat: true, grams: null }))
        .split(',')
        .slice(6),
    ).toEqual(['', '500.00', 'B', '16', '160.00', '1000.00', '1000.00', '95.00']);
  });

  it.each([
    ['sent', 'Signed by KRA'],
    ['queued', 'Waiting for KRA'],
    ['failed', 'Waiting for KRA'],
    ['refused', 'Refused by KRA'],
    [null, 'No tax invoice'],
  ])('reads a sale %s as %s', (status, text) => {
    expect(invoiceStateText(status)).toBe(text);
  });
});

describe('a report’s cells', () => {
  it('shows money, kg and shares as people read them, and writes them as plain numbers', () => {
    expect(reportCellText('money', 133_000)).toBe('KES 1,330.00');
    expect(reportCellText('grams', 1_300)).toBe('1.3 kg');
    expect(reportCellText('percent', 7_392)).toBe('73.9%');
    expect(reportCellText('count', 1_204)).toBe('1,204');
    expect(reportCellText('money', null)).toBe('—');
    expect(
      csvRecord([
        reportCsvCell('money', 133_000),
        reportCsvCell('grams', 1_300),
        reportCsvCell('percent', 7_392),
        reportCsvCell('text', '-x'),
      ]),
    ).toBe("1330.00,1.3,73.92,'-x");
  });

  it('totals the number columns and names the first text column', () => {
    const columns = [
      { key: 'zone', label: 'Zone', kind: 'text' as const },
      { key: 'orders', label: 'Orders', kind: 'count' as const },
      { key: 'net', label: 'Net', kind: 'money' as const },
      { key: 'share', label: 'Share', kind: 'percent' as const },
    ];
    expect(
      totalRow(columns, [
        { zone: 'A', orders: 1, net: 500, share: 5_000 },
        { zone: 'B', orders: 2, net: 500, share: 5_000 },
      ]),
    ).toEqual({
      zone: 'Total',
      orders: 3,
      net: 1_000,
      share: null,
    });
  });
});
