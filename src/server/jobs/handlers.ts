// Every kind of job the school runs, by name. A runner only claims kinds it has a handler for, so an
// instance of an older build leaves a newer build's jobs alone during a rolling deploy.
import { MAIL_JOB } from '../integrations/mail/queue';
import { mailJob } from '../integrations/mail/job';
import type { JobHandlers } from './types';

export const jobHandlers: JobHandlers = {
  [MAIL_JOB]: mailJob,
};
