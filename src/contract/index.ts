export * from './constants';
export * from './benefit';
export * from './plural';
export * from './money';
export * from './api/common';
export * from './api/content';
export * from './api/catalog';
export * from './api/config';
