export * from './content';
export * from './catalog';
export * from './accounts';
export * from './jobs';
export * from './learning';
export * from './payments';
export * from './sandbox-gateway';
export * from './renewals';
