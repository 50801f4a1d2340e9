import axios from 'axios';
import { HTTP_TIMEOUT_MS } from '@contract/constants';

/** The one axios instance of the school (docs/ARCHITECTURE.md «The web app»). Interceptors are installed in ./interceptors.ts. */
export const api = axios.create({ baseURL: '/api/', timeout: HTTP_TIMEOUT_MS });
