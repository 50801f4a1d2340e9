import { BrowserRouter } from 'react-router';
import { Admin, Resource } from 'react-admin';
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

const can = (role: StaffRole | undefined, ...roles: StaffRole[]) =>
  role !== undefined && roles.includes(role);

/** The back office at /admin: each role sees the sections it runs (the server checks again). */
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
        {(role: StaffRole | undefined) => [
          can(role, 'admin', 'support') && (
            <Resource
              key="support-requests"
              name="support-requests"
              list={SupportRequestList}
              show={SupportRequestShow}
              recordRepresentation={(record: { id: number }) => `№\u00a0${record.id}`}
              options={{ label: 'Обращения' }}
            />
          ),
          can(role, 'admin', 'support') && (
            <Resource
              key="users"
              name="users"
              list={UserList}
              show={UserShow}
              options={{ label: 'Семьи и сотрудники' }}
              recordRepresentation="email"
            />
          ),
          can(role, 'admin', 'support') && (
            <Resource
              key="orders"
              name="orders"
              list={OrderList}
              show={OrderShow}
              options={{ label: 'Заказы' }}
              recordRepresentation="order_number"
            />
          ),
          can(role, 'admin', 'editor') && (
            <Resource
              key="campaigns"
              name="campaigns"
              list={CampaignList}
              create={CampaignCreate}
              edit={CampaignEdit}
              show={CampaignShow}
              recordRepresentation="subject"
              options={{ label: 'Рассылки' }}
            />
          ),
          can(role, 'admin', 'editor') && (
            <Resource
              key="mailing-categories"
              name="mailing-categories"
              list={MailingCategoryList}
              edit={MailingCategoryEdit}
              recordRepresentation="title"
              options={{ label: 'Категории рассылок' }}
            />
          ),
          can(role, 'admin', 'editor') && (
            <Resource
              key="lessons"
              name="lessons"
              list={LessonList}
              create={LessonCreate}
              edit={LessonEdit}
              recordRepresentation="title"
              options={{ label: 'Уроки' }}
            />
          ),
          can(role, 'admin', 'editor') && (
            <Resource
              key="weeks"
              name="weeks"
              list={WeekList}
              create={WeekCreate}
              edit={WeekEdit}
              recordRepresentation={(record: { number: number; title: string }) =>
                `неделя ${record.number} «${record.title}»`
              }
              options={{ label: 'Недели программ' }}
            />
          ),
          can(role, 'admin', 'editor') && (
            <Resource
              key="programs"
              name="programs"
              list={ProgramList}
              edit={ProgramEdit}
              recordRepresentation="title"
              options={{ label: 'Программы' }}
            />
          ),
          can(role, 'admin', 'editor') && (
            <Resource
              key="age-groups"
              name="age-groups"
              list={AgeGroupList}
              edit={AgeGroupEdit}
              recordRepresentation="title"
              options={{ label: 'Возрастные группы' }}
            />
          ),
          can(role, 'admin', 'editor') && (
            <Resource key="lesson-places" name="lesson-places" recordRepresentation="title" />
          ),
          can(role, 'admin', 'editor') && (
            <Resource
              key="landing"
              name="landing"
              list={LandingList}
              edit={LandingEdit}
              options={{ label: 'Тексты главной' }}
              recordRepresentation={(record: { key: string }) =>
                record.key === 'payment' ? 'страница оплаты' : 'главная'
              }
            />
          ),
          can(role, 'admin', 'editor') && (
            <Resource
              key="pages"
              name="pages"
              list={PageList}
              edit={PageEdit}
              options={{ label: 'Страницы' }}
              recordRepresentation="title"
            />
          ),
          can(role, 'admin', 'editor') && (
            <Resource
              key="instructions"
              name="instructions"
              list={InstructionList}
              create={InstructionCreate}
              edit={InstructionEdit}
              options={{ label: 'Инструкции' }}
              recordRepresentation="title"
            />
          ),
          can(role, 'admin') && (
            <Resource
              key="promo-codes"
              name="promo-codes"
              list={PromoList}
              create={PromoCreate}
              edit={PromoEdit}
              recordRepresentation="code"
            />
          ),
          // The shop's catalogue: prices are the administrator's; support reads them (families ask).
          can(role, 'admin', 'support') && (
            <Resource
              key="tariffs"
              name="tariffs"
              list={TariffList}
              show={TariffShow}
              {...(role === 'admin' ? { create: TariffCreate, edit: TariffEdit } : {})}
              recordRepresentation="title"
              options={{ label: 'Тарифы' }}
            />
          ),
          can(role, 'admin', 'support') && (
            <Resource
              key="program-prices"
              name="program-prices"
              list={ProgramPricesList}
              show={ProgramPricesShow}
              {...(role === 'admin' ? { edit: ProgramPricesEdit } : {})}
              recordRepresentation="title"
              options={{ label: 'Цены доп. программ' }}
            />
          ),
          can(role, 'admin', 'support') && (
            <Resource
              key="week-prices"
              name="week-prices"
              list={WeekPriceList}
              show={WeekPriceShow}
              {...(role === 'admin' ? { edit: WeekPriceEdit } : {})}
              recordRepresentation="title"
              options={{ label: 'Цена недели' }}
            />
          ),
          can(role, 'admin', 'support') && (
            <Resource
              key="gift-certificates"
              name="gift-certificates"
              list={CertificateList}
              show={CertificateShow}
              recordRepresentation="code"
              options={{ label: 'Сертификаты' }}
            />
          ),
          role !== undefined && (
            <Resource
              key="unsubscribe-reasons"
              name="unsubscribe-reasons"
              list={UnsubscribeReasonList}
            />
          ),
          can(role, 'admin') && (
            <Resource key="audit" name="audit" list={AuditList} options={{ label: 'Журнал' }} />
          ),
        ]}
      </Admin>
    </BrowserRouter>
  );
}
