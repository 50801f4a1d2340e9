import { useState } from 'react';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@contract/api/auth';
import { SOCIAL_NETWORK_TITLES } from '@contract/api/oauth-values';
import { usePublicConfig } from '../../../api/config';
import { useLinkSocial, useUnbindSocial, type Profile } from '../../../api/profile';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/toast/toast';
import { errorMessage, toldGlobally } from '../request-errors';
import { Panel } from '../panel';
import { NETWORK_COLORS, NetworkLogo } from './network-logos';
import form from '../../../components/form/form.module.scss';
import styles from './profile-page.module.scss';

/** VK ID and Facebook (where switched on): link to sign in with them, or unlink. */
export function LinkedAccounts({ profile }: { profile: Profile }) {
  const { data: config, isPending } = usePublicConfig();
  const link = useLinkSocial();
  const unbind = useUnbindSocial();
  const [leaving, setLeaving] = useState<SocialNetwork | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const networks = SOCIAL_NETWORKS.filter(
    (network) =>
      profile.social_networks.includes(network) ||
      (network === 'vk' ? config?.vk_enabled : config?.fb_enabled),
  );

  const startLink = (network: SocialNetwork) => {
    setRefusal(null);
    setLeaving(network);
    // On success the browser is leaving for the provider; the button stays busy until it does.
    link.mutate(network, { onError: () => setLeaving(null) });
  };

  const startUnbind = (network: SocialNetwork) => {
    setRefusal(null);
    unbind.mutate(network, {
      onSuccess: () => toast.success(`${SOCIAL_NETWORK_TITLES[network]} отвязан`),
      onError: (error) => {
        // The server refuses when this is the only way in; the parent must read why.
        if (!toldGlobally(error)) setRefusal(errorMessage(error));
      },
    });
  };

  return (
    <Panel title="Вход через соцсети" description="Привяжите соцсеть, чтобы входить в один клик.">
      {refusal && (
        <p className={form.alert} role="alert">
          {refusal}
        </p>
      )}
      {isPending && networks.length === 0 ? (
        <Skeleton height={64} radius={16} />
      ) : networks.length === 0 ? (
        <p className={styles.hint}>Вход через социальные сети сейчас недоступен.</p>
      ) : (
        <ul className={styles.networks} role="list">
          {networks.map((network) => {
            const linked = profile.social_networks.includes(network);
            const title = SOCIAL_NETWORK_TITLES[network];
            return (
              <li key={network} className={styles.network}>
                <span
                  className={styles.networkLogo}
                  style={{ background: NETWORK_COLORS[network] }}
                >
                  <NetworkLogo network={network} />
                </span>
                <span className={styles.networkText}>
                  <span className={styles.networkName}>{title}</span>
                  <span className={linked ? styles.linked : styles.unlinked}>
                    {linked ? 'Привязан' : 'Не привязан'}
                  </span>
                </span>
                {linked ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => startUnbind(network)}
                    loading={unbind.isPending && unbind.variables === network}
                    aria-label={`Отвязать ${title}`}
                  >
                    Отвязать
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => startLink(network)}
                    loading={leaving === network}
                    disabled={leaving !== null}
                    aria-label={`Привязать ${title}`}
                  >
                    Привязать
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
