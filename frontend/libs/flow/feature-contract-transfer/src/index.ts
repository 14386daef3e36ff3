export { ContractTransferPage } from './lib/contract-transfer-page';
export { contractTransferApi, useStartContractTransferMutation, transferNotification } from './lib/contract-transfer-api';
export type { StartContractTransferResponse } from './lib/contract-transfer-api';
