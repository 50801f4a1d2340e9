import { CertificateWelcomePage } from './certificate-welcome-page';

/** gift/auth: a parent given a subscription logs in, then activates it. */
export default function CertificateAuthPage() {
  return <CertificateWelcomePage entry="auth" />;
}
