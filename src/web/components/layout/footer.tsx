import { Link } from 'react-router';
import { GiftBlock } from './gift-block';
import { FooterHtml } from './footer-html';
import { Logo } from './logo';
import { SocialIcon } from './social-icon';
import { pathTo, type RouteName } from '../../lib/routes';
import { useRouteMeta } from '../../lib/route-meta';
import { usePublicConfig } from '../../api/config';
import { useLandingData } from '../../api/content';
import { AppleIcon, GooglePlayIcon } from '../illustrations/icons';
import { scrollToTopAfterDelay } from '../../lib/scroll';
import styles from './footer.module.scss';

interface FooterLink {
  to: RouteName;
  label: string;
}

const SCHOOL_LINKS: FooterLink[] = [
  { to: 'about', label: 'О школе' },
  { to: 'programs', label: 'Программы' },
  { to: 'about-team', label: 'Команда' },
  { to: 'about-vacancy', label: 'Вакансии' },
  { to: 'about-contacts', label: 'Контакты' },
  { to: 'faq', label: 'Частые вопросы' },
];

const DOCUMENT_LINKS: FooterLink[] = [
  { to: 'confidentiality-policy', label: 'Политика конфиденциальности' },
  { to: 'license-agreement', label: 'Лицензионное соглашение' },
];

/** docs/PRODUCT.md «Screens and routes»: footer links scroll to the top 400 ms after navigation. */
const scrollUp = () => scrollToTopAfterDelay();

/** A titled column of footer links; docs/PRODUCT.md «Screens and routes»: footer links scroll to the top 400 ms after navigation. */
function FooterLinks({ id, title, links }: { id: string; title: string; links: FooterLink[] }) {
  return (
    <nav className={styles.column} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.to}>
            <Link className={styles.link} to={pathTo(link.to)} onClick={scrollUp}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Footer() {
  const { noGift } = useRouteMeta();
  const { data: config } = usePublicConfig();
  const { data: landing } = useLandingData('landing');
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer}>
      {!noGift && (
        <div className={styles.giftWrap}>
          <GiftBlock />
        </div>
      )}
      <div className={styles.main} data-after-gift={!noGift || undefined}>
        <div className={styles.inner}>
          <div className={styles.brand}>
            <Logo inverted onClick={scrollUp} />
            <p className={styles.tagline}>
              Онлайн-школа для детей от 2 до 7 лет: короткие видеоуроки, которые хочется смотреть.
            </p>
            {config && config.social_links.length > 0 && (
              <ul className={styles.socials} aria-label="Мы в соцсетях">
                {config.social_links.map((link) => (
                  <li key={link.url}>
                    <a
                      className={styles.social}
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={link.title}
                      title={link.title}
                    >
                      <SocialIcon network={link.network} />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <FooterLinks id="footer-school" title="Школа" links={SCHOOL_LINKS} />
          <FooterLinks id="footer-documents" title="Документы" links={DOCUMENT_LINKS} />

          <div className={styles.column}>
            <h2 className={styles.heading}>Приложение</h2>
            <p className={styles.small}>
              Занимайтесь с телефона и планшета — уроки всегда под рукой.
            </p>
            {config && (
              <div className={styles.stores}>
                <a
                  className={styles.store}
                  href={config.app_store_url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <AppleIcon size={22} />
                  <span>
                    <small>Загрузите в</small>App Store
                  </span>
                </a>
                <a
                  className={styles.store}
                  href={config.play_store_url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <GooglePlayIcon size={22} />
                  <span>
                    <small>Доступно в</small>Google Play
                  </span>
                </a>
              </div>
            )}
          </div>
        </div>

        <div className={styles.bottom}>
          {landing?.key_values.footer_html ? (
            <FooterHtml className={styles.legal} html={landing.key_values.footer_html} />
          ) : (
            <p className={styles.legal}>© {year} Школа Умняшек</p>
          )}
        </div>
      </div>
    </footer>
  );
}
