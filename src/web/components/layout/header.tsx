import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Logo } from './logo';
import { useAuthActions } from './use-auth-actions';
import { useSession } from '../../api/session';
import { pathTo } from '../../lib/routes';
import { Button } from '../ui/button';
import styles from './header.module.scss';

interface MenuLink {
  to: string;
  label: string;
}

function menuLinks(isLoggedIn: boolean): MenuLink[] {
  const links: MenuLink[] = [
    { to: pathTo('programs'), label: 'Программы' },
    { to: pathTo('faq'), label: 'FAQ' },
  ];
  if (isLoggedIn) {
    links.push(
      { to: pathTo('personal'), label: 'Личный кабинет' },
      { to: pathTo('video'), label: 'Видео-уроки' },
    );
  }
  return links;
}

function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 8);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}

/** docs/PRODUCT.md «Screens and routes» header: the menu for guests and for logged-in parents; a burger below 768 px. */
export function Header() {
  const { isLoggedIn } = useSession();
  const { openLogin, openRegister, logout, loggingOut } = useAuthActions();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const burger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const scrolled = useScrolled();
  const links = menuLinks(isLoggedIn);

  // The mobile menu closes on navigation…
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }

  // …and on Escape, giving focus back to the burger.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        burger.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);
  const actions = (mobile: boolean) =>
    isLoggedIn ? (
      <Button variant="secondary" size="sm" onClick={logout} loading={loggingOut}>
        Выйти
      </Button>
    ) : (
      <>
        <Button
          variant={mobile ? 'secondary' : 'ghost'}
          size="sm"
          className={styles.guestAction}
          onClick={() => {
            close();
            openLogin();
          }}
        >
          Войти
        </Button>
        <Button
          size="sm"
          className={styles.guestAction}
          onClick={() => {
            close();
            openRegister();
          }}
        >
          Регистрация
        </Button>
      </>
    );

  return (
    <header
      className={styles.header}
      data-scrolled={scrolled || undefined}
      data-open={open || undefined}
    >
      <div className={styles.bar}>
        <Logo onClick={close} />
        <nav className={styles.nav} aria-label="Основное меню">
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.link}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>{actions(false)}</div>
        <button
          ref={burger}
          type="button"
          className={styles.burger}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Закрыть меню' : 'Открыть меню'}
          onClick={() => setOpen((value) => !value)}
        >
          <span className={styles.burgerLines} aria-hidden="true" />
        </button>
      </div>
      <div id={menuId} className={styles.mobileMenu} hidden={!open}>
        <nav aria-label="Меню">
          <ul className={styles.mobileLinks}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.mobileLink} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.mobileActions}>{actions(true)}</div>
      </div>
      {open && <div className={styles.backdrop} onClick={close} aria-hidden="true" />}
    </header>
  );
}
