// The landing's public face: the tariff chooser and its plan, which the checkout and «Тарифы» reuse.
export {
  TariffChooser,
  TariffTotal,
  type CheckoutChoice,
  type TariffChoice,
} from './tariffs/tariff-chooser';
export { buildTariffPlan } from './tariffs/tariff-plan';
export { forChildren } from './tariffs/children-forms';
