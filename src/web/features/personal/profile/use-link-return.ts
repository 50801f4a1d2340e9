import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@contract/api/auth';
import { LINKED_QUERY, SOCIAL_NETWORK_TITLES } from '@contract/api/oauth-values';
import { refreshProfile } from '../../../api/profile';
import { toast } from '../../../components/toast/toast';

const isNetwork = (value: string | null): value is SocialNetwork =>
  (SOCIAL_NETWORKS as readonly (string | null)[]).includes(value);

/**
 * Back from the provider after linking: `?linked=vk` says it worked. Told once, then the parameter
 * leaves the address so a reload or a shared link does not repeat it. (`?social_error=…` is told on any
 * page by the app shell's SocialNotice.)
 */
export function useLinkReturn(): void {
  const [params, setParams] = useSearchParams();
  const linked = params.get(LINKED_QUERY);
  const told = useRef(false);

  useEffect(() => {
    if (told.current || linked === null) return;
    told.current = true;
    if (isNetwork(linked)) {
      toast.success(
        `${SOCIAL_NETWORK_TITLES[linked]} привязан`,
        'Теперь можно входить в один клик.',
      );
      void refreshProfile();
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LINKED_QUERY);
        return next;
      },
      { replace: true },
    );
  }, [linked, setParams]);
}
