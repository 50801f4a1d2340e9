import axios from 'axios';
import { reportsGlobally } from '../../api/interceptors';

export { errorCode, errorMessage, fieldErrors } from '../../api/interceptors';

/**
 * docs/ARCHITECTURE.md «Error codes»: a failed call outside the self-handled list already opened the global error modal with its
 * message. A screen then adds only what the modal cannot (field marks), never the same words twice.
 */
export function toldGlobally(error: unknown): boolean {
  return axios.isAxiosError(error) && !axios.isCancel(error) && reportsGlobally(error.config);
}
