// The 'mail' job: render the queued request and hand it to the configured transport.
import { PermanentJobError, type JobHandler } from '../../jobs/types';
import { renderMail } from './render';
import { createMailTransport } from './transport';
import { mailRequestSchema } from './types';

export const mailJob: JobHandler = async (payload, { db, config, clock, logger }) => {
  const parsed = mailRequestSchema.safeParse(payload);
  // Retrying cannot repair a payload; fail the job and keep the reason in last_error.
  if (!parsed.success) throw new PermanentJobError(`not a mail request: ${parsed.error.message}`);
  const mail = await renderMail(parsed.data, config);
  const transport = createMailTransport({ smtpUrl: config.mail.smtpUrl, db, clock });
  await transport.send(mail);
  // No address or link in the log: the link is a credential and the address is personal data.
  logger.info({ template: mail.template, transport: transport.kind }, 'mail sent');
};
