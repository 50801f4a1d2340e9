import { useState, type ComponentType } from 'react';
import type { SocialNetwork } from '@contract/api/auth';
import { SOCIAL_NETWORK_TITLES } from '@contract/api/oauth-values';
import { startSocialSignIn } from '../../../api/auth';
import { usePublicConfig } from '../../../api/config';
import styles from '../register/account-forms.module.scss';

// Brand marks from Simple Icons (CC0).
function VkLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="#fff">
      <path d="M15.684 0H8.316C1.592 0 0 1.592 0 8.316v7.368C0 22.408 1.592 24 8.316 24h7.368C22.408 24 24 22.408 24 15.684V8.316C24 1.592 22.391 0 15.684 0zm3.692 17.123h-1.744c-.66 0-.864-.525-2.05-1.727-1.033-1-1.49-1.135-1.744-1.135-.356 0-.458.102-.458.593v1.575c0 .424-.135.678-1.253.678-1.846 0-3.896-1.118-5.335-3.202C4.624 10.857 4.03 8.57 4.03 8.096c0-.254.102-.491.593-.491h1.744c.44 0 .61.203.78.677.863 2.49 2.303 4.675 2.896 4.675.22 0 .322-.102.322-.66V9.721c-.068-1.186-.695-1.287-.695-1.71 0-.204.17-.407.44-.407h2.744c.373 0 .508.203.508.643v3.473c0 .372.17.508.271.508.22 0 .407-.136.813-.542 1.254-1.406 2.151-3.574 2.151-3.574.119-.254.322-.491.763-.491h1.744c.525 0 .644.27.525.643-.22 1.017-2.354 4.031-2.354 4.031-.186.305-.254.44 0 .78.186.254.796.779 1.203 1.253.745.847 1.32 1.558 1.473 2.05.17.49-.085.744-.576.744z" />
    </svg>
  );
}

function FacebookLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="#fff">
      <path d="M9.101 23.691v-7.98H6.627v-3.667h2.474v-1.58c0-4.085 1.848-5.978 5.858-5.978.401 0 .955.042 1.468.103a8.68 8.68 0 0 1 1.141.195v3.325a8.623 8.623 0 0 0-.653-.036 26.805 26.805 0 0 0-.733-.009c-.707 0-1.259.096-1.675.309a1.686 1.686 0 0 0-.679.622c-.258.42-.374.995-.374 1.752v1.297h3.919l-.386 2.103-.287 1.564h-3.246v8.245C19.396 23.238 24 18.179 24 12.044c0-6.627-5.373-12-12-12s-12 5.373-12 12c0 5.628 3.874 10.35 9.101 11.647Z" />
    </svg>
  );
}

const PROVIDERS: { id: SocialNetwork; Logo: ComponentType }[] = [
  { id: 'vk', Logo: VkLogo },
  { id: 'fb', Logo: FacebookLogo },
];

/**
 * Sign-in with VK ID, and with Facebook where the school has it switched on (public config). The browser
 * leaves for the provider and returns with `?usertoken=` (the root guard signs in) or `?social_error=`.
 */
export function SocialButtons() {
  const { data: config } = usePublicConfig();
  const [leaving, setLeaving] = useState<SocialNetwork | null>(null);
  if (!config) return null;
  const enabled = PROVIDERS.filter(({ id }) =>
    id === 'vk' ? config.vk_enabled : config.fb_enabled,
  );
  if (enabled.length === 0) return null;

  const start = (provider: SocialNetwork) => {
    setLeaving(provider);
    // A failure is shown by the global error modal; the button comes back for another try.
    startSocialSignIn(provider).catch(() => setLeaving(null));
  };

  return (
    <>
      <p className={styles.divider}>или</p>
      <div className={styles.socials}>
        {enabled.map(({ id, Logo }) => (
          <button
            key={id}
            type="button"
            className={styles.social}
            data-provider={id}
            disabled={leaving !== null}
            aria-busy={leaving === id || undefined}
            onClick={() => start(id)}
          >
            <Logo />
            Войти через {SOCIAL_NETWORK_TITLES[id]}
          </button>
        ))}
      </div>
      <p className={styles.socialNote}>
        Впервые входите через соцсеть? Аккаунт появится только после вашего согласия на обработку
        персональных данных — мы спросим его на следующем шаге.
      </p>
    </>
  );
}
