// The numbers the sandbox answers with. Order statuses and the errorCodes are Sberbank's; the action codes
// are the bank's where the sandbox has an equivalent (0, -100, -2006, -2007, 2002) and the sandbox's own
// choice otherwise (-2000, -20010), listed in README.md so the school's code can be tested against them.

export const ORDER_STATUS = {
  registered: 0,
  held: 1,
  deposited: 2,
  reversed: 3,
  refunded: 4,
  threeDs: 5,
  declined: 6,
} as const;

export interface ActionCode {
  code: number;
  description: string;
}

export const ACTION = {
  approved: { code: 0, description: 'Платёж успешно обработан' },
  notAttempted: { code: -100, description: 'Не было попыток оплаты' },
  /** The timeout test card: the issuer never answered, the payment hangs in processing. */
  processing: { code: -2000, description: 'Банк-эмитент не ответил, платёж в обработке' },
  threeDsFailed: { code: -2006, description: 'Неверный код подтверждения 3-D Secure' },
  sessionExpired: { code: -2007, description: 'Истёк срок ожидания ввода данных' },
  declined: { code: 2002, description: 'Платёж отклонён банком-эмитентом' },
  cancelled: { code: -20010, description: 'Оплата отменена покупателем' },
} as const satisfies Record<string, ActionCode>;

/** Business errors: HTTP 200 with `{errorCode, errorMessage}`. */
export const ERRORS = {
  duplicateOrder: { errorCode: '1', errorMessage: 'Заказ с таким номером уже обработан' },
  bindingNotFound: { errorCode: '2', errorMessage: 'Связка не найдена или неактивна' },
  noBindings: { errorCode: '2', errorMessage: 'Информация о связках не найдена' },
  bindingDeclined: { errorCode: '2', errorMessage: 'Платёж отклонён банком-эмитентом' },
  currency: { errorCode: '3', errorMessage: 'Неизвестная валюта' },
  accessDenied: { errorCode: '5', errorMessage: 'Доступ запрещён' },
  orderNotFound: { errorCode: '6', errorMessage: 'Заказ не найден' },
  wrongState: { errorCode: '7', errorMessage: 'Операция невозможна: заказ в неверном состоянии' },
  issuerTimeout: {
    errorCode: '7',
    errorMessage: 'Банк-эмитент не ответил вовремя, платёж в обработке',
  },
} as const;

// A type, not an interface: it must fit the methods' `Record<string, unknown>` answers.
export type GatewayError = { errorCode: string; errorMessage: string };

/** errorCode 4: a missing or malformed parameter, with the reason. */
export const badParam = (errorMessage: string): GatewayError => ({ errorCode: '4', errorMessage });

/** getOrderStatusExtended's paymentAmountInfo.paymentState for each orderStatus. */
export const PAYMENT_STATE: Record<number, string> = {
  0: 'CREATED',
  1: 'APPROVED',
  2: 'DEPOSITED',
  3: 'REVERSED',
  4: 'REFUNDED',
  5: 'CREATED',
  6: 'DECLINED',
};
