import { BrowserRouter } from 'react-router';
import type { ComponentType } from 'react';
import { Admin, Resource, type ResourceProps } from 'react-admin';
import type { StaffRole } from '@contract/api/auth';
import { authProvider } from './auth-provider';
import { Dashboard } from './dashboard';
import { dataProvider } from './data-provider';
import { i18nProvider } from './i18n';
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

const ADMIN = ['admin'] as const;
const EDITORS = ['admin', 'editor'] as const;
const SUPPORT = ['admin', 'support'] as const;
const STAFF = ['admin', 'editor', 'support'] as const;

interface Section {
  name: string;
  /** The menu's name; none → the resource's name from i18n. */
  label?: string;
  roles: readonly StaffRole[];
  list?: ComponentType;
  show?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  /** Forms for the administrator only: the other roles of the section read. */
  adminWrites?: { create?: ComponentType; edit?: ComponentType };
  recordRepresentation?: ResourceProps['recordRepresentation'];
}

/** The back office's sections in menu order, with the roles that run each (the server checks again). */
const SECTIONS: readonly Section[] = [
  {
    name: 'support-requests',
    label: 'Обращения',
    roles: SUPPORT,
    list: SupportRequestList,
    show: SupportRequestShow,
    recordRepresentation: (record: { id: number }) => `№\u00a0${record.id}`,
  },
  {
    name: 'users',
    label: 'Семьи и сотрудники',
    roles: SUPPORT,
    list: UserList,
    show: UserShow,
    recordRepresentation: 'email',
  },
  {
    name: 'orders',
    label: 'Заказы',
    roles: SUPPORT,
    list: OrderList,
    show: OrderShow,
    recordRepresentation: 'order_number',
  },
  {
    name: 'campaigns',
    label: 'Рассылки',
    roles: EDITORS,
    list: CampaignList,
    create: CampaignCreate,
    edit: CampaignEdit,
    show: CampaignShow,
    recordRepresentation: 'subject',
  },
  {
    name: 'mailing-categories',
    label: 'Категории рассылок',
    roles: EDITORS,
    list: MailingCategoryList,
    edit: MailingCategoryEdit,
    recordRepresentation: 'title',
  },
  {
    name: 'lessons',
    label: 'Уроки',
    roles: EDITORS,
    list: LessonList,
    create: LessonCreate,
    edit: LessonEdit,
    recordRepresentation: 'title',
  },
  {
    name: 'weeks',
    label: 'Недели программ',
    roles: EDITORS,
    list: WeekList,
    create: WeekCreate,
    edit: WeekEdit,
    recordRepresentation: (record: { number: number; title: string }) =>
      `неделя ${record.number} «${record.title}»`,
  },
  {
    name: 'programs',
    label: 'Программы',
    roles: EDITORS,
    list: ProgramList,
    edit: ProgramEdit,
    recordRepresentation: 'title',
  },
  {
    name: 'age-groups',
    label: 'Возрастные группы',
    roles: EDITORS,
    list: AgeGroupList,
    edit: AgeGroupEdit,
    recordRepresentation: 'title',
  },
  // No screen of its own: the lesson form's list of additional programs.
  { name: 'lesson-places', roles: EDITORS, recordRepresentation: 'title' },
  {
    name: 'landing',
    label: 'Тексты главной',
    roles: EDITORS,
    list: LandingList,
    edit: LandingEdit,
    recordRepresentation: (record: { key: string }) =>
      record.key === 'payment' ? 'страница оплаты' : 'главная',
  },
  {
    name: 'pages',
    label: 'Страницы',
    roles: EDITORS,
    list: PageList,
    edit: PageEdit,
    recordRepresentation: 'title',
  },
  {
    name: 'instructions',
    label: 'Инструкции',
    roles: EDITORS,
    list: InstructionList,
    create: InstructionCreate,
    edit: InstructionEdit,
    recordRepresentation: 'title',
  },
  {
    name: 'promo-codes',
    roles: ADMIN,
    list: PromoList,
    create: PromoCreate,
    edit: PromoEdit,
    recordRepresentation: 'code',
  },
  // The shop's catalogue: prices are the administrator's; support reads them (families ask).
  {
    name: 'tariffs',
    label: 'Тарифы',
    roles: SUPPORT,
    list: TariffList,
    show: TariffShow,
    adminWrites: { create: TariffCreate, edit: TariffEdit },
    recordRepresentation: 'title',
  },
  {
    name: 'program-prices',
    label: 'Цены доп. программ',
    roles: SUPPORT,
    list: ProgramPricesList,
    show: ProgramPricesShow,
    adminWrites: { edit: ProgramPricesEdit },
    recordRepresentation: 'title',
  },
  {
    name: 'week-prices',
    label: 'Цена недели',
    roles: SUPPORT,
    list: WeekPriceList,
    show: WeekPriceShow,
    adminWrites: { edit: WeekPriceEdit },
    recordRepresentation: 'title',
  },
  {
    name: 'gift-certificates',
    label: 'Сертификаты',
    roles: SUPPORT,
    list: CertificateList,
    show: CertificateShow,
    recordRepresentation: 'code',
  },
  { name: 'unsubscribe-reasons', roles: STAFF, list: UnsubscribeReasonList },
  { name: 'audit', label: 'Журнал', roles: ADMIN, list: AuditList },
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
        dashboard={Dashboard}
        requireAuth
        disableTelemetry
      >
        {(role: StaffRole | undefined) =>
          SECTIONS.filter((section) => role !== undefined && section.roles.includes(role)).map(
            ({ name, label, roles: _roles, adminWrites, ...views }) => (
              <Resource
                key={name}
                name={name}
                {...views}
                {...(role === 'admin' ? adminWrites : {})}
                {...(label ? { options: { label } } : {})}
              />
            ),
          )
        }
      </Admin>
    </BrowserRouter>
  );
}
