import { pathTo } from '../../lib/routes';
import { TabNav, type TabNavItem } from '../../components/ui/tab-nav';

const TABS: TabNavItem[] = [
  { to: pathTo('help-faq'), label: 'Частые вопросы' },
  { to: pathTo('help-programs'), label: 'О программах' },
  // Without the param: the tab stays current on every instruction under it.
  { to: pathTo('help-instructions'), label: 'Инструкции' },
  { to: pathTo('help-support'), label: 'Служба поддержки' },
];

/** The four screens of personal/help as tabs, under the personal area's own. */
export function HelpNav({ className }: { className?: string }) {
  return <TabNav items={TABS} label="Разделы помощи" className={className} />;
}
