export { importEscoCsv, storeAndActivate, type EscoImportResult } from "./import.ts";
export { findEscoCsvFiles, readCsvFile, readEscoCsvDirectory, EscoCsvError, type EscoCsvFile } from "./esco-csv.ts";
export { runTaxonomySync, startTaxonomySync, SyncBusyError, type StartedSync, type TaxonomySyncOptions } from "./sync.ts";
export {
  DEFAULT_ESCO_API_URL,
  DEFAULT_RETRY,
  EscoApiClient,
  EscoApiError,
  escoApiUrlFrom,
  type EscoApiClientOptions,
  type RetryPolicy,
} from "./esco-api/client.ts";
export {
  barProgress,
  lineProgress,
  silentProgress,
  terminalProgress,
  type ProgressReporter,
  type ProgressTask,
} from "./progress.ts";
