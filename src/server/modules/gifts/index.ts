// What other domains may use of this one (its public face); everything else is its own.
export { createCertificate } from './certificates';
export { mailGiftReady } from './service';
