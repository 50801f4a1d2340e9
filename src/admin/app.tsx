import { BrowserRouter } from 'react-router';
import type { ComponentType } from 'react';
import { Admin, Resource, type ResourceProps } from 'react-admin';
import type { StaffRole } from '@contract/api/auth';
import { staffMay, type StaffCapability } from '@contract/staff-access';
import { authProvider } from './auth-provider';
import { Dashboard } from './dashboard';
import { dataProvider } from './data-provider';
import { i18nProvider } from './i18n';
import { AdminLayout } from './layout';
import { LoginPage } from './login-page';
import { AuditList } from './resources/audit';
import { PromoCreate, PromoEdit, PromoList } from './resources/promo-codes';
import { TariffCreate, TariffEdit, TariffList, TariffShow } from './resources/tariffs';
import {
  ProgramPricesEdit,
  ProgramPricesList,
  ProgramPricesShow,
  WeekPriceEdit,
  WeekPriceList,
  WeekPriceShow,
} from './resources/prices';
import { CertificateList, CertificateShow } from './resources/gift-certificates';
import { UnsubscribeReasonList } from './resources/unsubscribe-reasons';
import { OrderList, OrderShow } from './resources/orders';
import { UserList, UserShow } from './resources/users';
import { shownEmail } from './resources/shown-email';
import { StaffInvitationCreate } from './resources/staff-invitations';
import {
  InstructionCreate,
  InstructionEdit,
  InstructionList,
  LandingEdit,
  LandingList,
  PageEdit,
  PageList,
} from './resources/content';
import { CampaignCreate, CampaignEdit, CampaignList, CampaignShow } from './resources/campaigns';
import { MailingCategoryEdit, MailingCategoryList } from './resources/mailing-categories';
import { SupportRequestList, SupportRequestShow } from './resources/support-requests';
import { LessonCreate, LessonEdit, LessonList } from './resources/lessons';
import { ProgramEdit, ProgramList, WeekCreate, WeekEdit, WeekList } from './resources/programs';
import { AgeGroupEdit, AgeGroupList } from './resources/age-groups';
import { adminTheme } from './theme';

interface Section {
  name: string;
  /** The menu's name; none → the resource's name from i18n. */
  label?: string;
  /** What a role must hold to see the section (the roles' table, @contract/staff-access). */
  reads: StaffCapability;
  list?: ComponentType;
  show?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  /** Forms for the roles holding `capability`; the section's other roles read. */
  writes?: { capability: StaffCapability; create?: ComponentType; edit?: ComponentType };
  recordRepresentation?: ResourceProps['recordRepresentation'];
}

/** The back office's sections in menu order, with what a role must hold to see each (the server checks again). */
const SECTIONS: readonly Section[] = [
  {
    name: 'support-requests',
    label: 'Обращения',
    reads: 'support-requests',
    list: SupportRequestList,
    show: SupportRequestShow,
    recordRepresentation: (record: { id: number }) => `№\u00a0${record.id}`,
  },
  {
    name: 'users',
    label: 'Семьи и сотрудники',
    reads: 'families',
    list: UserList,
    show: UserShow,
    recordRepresentation: (record: { email: string }) => shownEmail(record.email),
  },
  // No list of its own: the accounts list's «Пригласить сотрудника» opens the form.
  { name: 'staff-invitations', reads: 'staff-accounts', create: StaffInvitationCreate },
  {
    name: 'orders',
    label: 'Заказы',
    reads: 'orders',
    list: OrderList,
    show: OrderShow,
    recordRepresentation: 'order_number',
  },
  {
    name: 'campaigns',
    label: 'Рассылки',
    reads: 'mailing',
    list: CampaignList,
    create: CampaignCreate,
    edit: CampaignEdit,
    show: CampaignShow,
    recordRepresentation: 'subject',
  },
  {
    name: 'mailing-categories',
    label: 'Категории рассылок',
    reads: 'mailing',
    list: MailingCategoryList,
    edit: MailingCategoryEdit,
    recordRepresentation: 'title',
  },
  {
    name: 'lessons',
    label: 'Уроки',
    reads: 'lessons',
    list: LessonList,
    create: LessonCreate,
    edit: LessonEdit,
    recordRepresentation: 'title',
  },
  {
    name: 'weeks',
    label: 'Недели программ',
    reads: 'lessons',
    list: WeekList,
    create: WeekCreate,
    edit: WeekEdit,
    // No quotes of its own: the page title puts it in «…» already, and «неделя 1 «…»» nests them.
    recordRepresentation: (record: { number: number; title: string }) =>
      `неделя ${record.number}: ${record.title}`,
  },
  {
    name: 'programs',
    label: 'Программы',
    reads: 'lessons',
    list: ProgramList,
    edit: ProgramEdit,
    recordRepresentation: 'title',
  },
  {
    name: 'age-groups',
    label: 'Возрастные группы',
    reads: 'lessons',
    list: AgeGroupList,
    edit: AgeGroupEdit,
    recordRepresentation: 'title',
  },
  // No screen of its own: the lesson form's list of additional programs.
  { name: 'lesson-places', reads: 'lessons', recordRepresentation: 'title' },
  {
    name: 'landing',
    label: 'Тексты главной',
    reads: 'texts',
    list: LandingList,
    edit: LandingEdit,
    recordRepresentation: (record: { key: string }) =>
      record.key === 'payment' ? 'страница оплаты' : 'главная',
  },
  {
    name: 'pages',
    label: 'Страницы',
    reads: 'texts',
    list: PageList,
    edit: PageEdit,
    recordRepresentation: 'title',
  },
  {
    name: 'instructions',
    label: 'Инструкции',
    reads: 'texts',
    list: InstructionList,
    create: InstructionCreate,
    edit: InstructionEdit,
    recordRepresentation: 'title',
  },
  {
    name: 'promo-codes',
    reads: 'promo-codes',
    list: PromoList,
    create: PromoCreate,
    edit: PromoEdit,
    recordRepresentation: 'code',
  },
  // The shop's catalogue: prices are the administrator's; support reads them (families ask).
  {
    name: 'tariffs',
    label: 'Тарифы',
    reads: 'prices',
    list: TariffList,
    show: TariffShow,
    writes: { capability: 'price-changes', create: TariffCreate, edit: TariffEdit },
    recordRepresentation: 'title',
  },
  {
    name: 'program-prices',
    label: 'Цены доп. программ',
    reads: 'prices',
    list: ProgramPricesList,
    show: ProgramPricesShow,
    writes: { capability: 'price-changes', edit: ProgramPricesEdit },
    recordRepresentation: 'title',
  },
  {
    name: 'week-prices',
    label: 'Цена недели',
    reads: 'prices',
    list: WeekPriceList,
    show: WeekPriceShow,
    writes: { capability: 'price-changes', edit: WeekPriceEdit },
    recordRepresentation: 'title',
  },
  {
    name: 'gift-certificates',
    label: 'Сертификаты',
    reads: 'gifts',
    list: CertificateList,
    show: CertificateShow,
    recordRepresentation: 'code',
  },
  // Every role sees the reasons' shares; the answers with comments only the roles holding them.
  { name: 'unsubscribe-reasons', reads: 'renewal-reasons', list: UnsubscribeReasonList },
  { name: 'audit', label: 'Журнал', reads: 'audit', list: AuditList },
];

/** The back office at /admin: each role sees the sections it runs. */
export function AdminApp() {
  // Clean addresses under /admin (react-admin would use #-routes by default); the server answers every
  // /admin/* with the back office's page.
  return (
    <BrowserRouter basename="/admin">
      <Admin
        title="Школа Умняшек"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        loginPage={LoginPage}
        layout={AdminLayout}
        theme={adminTheme}
        dashboard={Dashboard}
        requireAuth
        disableTelemetry
      >
        {(role: StaffRole | undefined) =>
          SECTIONS.filter((section) => staffMay(role, section.reads)).map(
            ({ name, label, reads: _reads, writes, ...views }) => {
              const { capability, ...forms } = writes ?? {};
              return (
                <Resource
                  key={name}
                  name={name}
                  {...views}
                  {...(capability && staffMay(role, capability) ? forms : {})}
                  {...(label ? { options: { label } } : {})}
                />
              );
            },
          )
        }
      </Admin>
    </BrowserRouter>
  );
}
