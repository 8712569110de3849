// The go-live check's list, in the order it prints: adding a check is one entry here.
import type { GoLiveCheck } from './go-live-check';
import { etimsCodeListsCheck, etimsDeviceCheck, etimsItemsCheck } from './etims-checks';
import { etimsStockCheck } from './etims-stock-check';
import { mapsCheck } from './maps-check';
import { mpesaCheck } from './mpesa-check';
import { pesapalCheck } from './pesapal-check';
import { authSecretCheck, backupsCheck, publicUrlCheck } from './settings-checks';
import { smsCheck } from './sms-check';
import { smtpCheck } from './smtp-check';
import { vatModeCheck } from './vat-mode';

export const GO_LIVE_CHECKS: readonly GoLiveCheck[] = [
  publicUrlCheck,
  authSecretCheck,
  pesapalCheck,
  mpesaCheck,
  vatModeCheck,
  etimsDeviceCheck,
  etimsCodeListsCheck,
  etimsItemsCheck,
  etimsStockCheck,
  smsCheck,
  smtpCheck,
  mapsCheck,
  backupsCheck,
];
