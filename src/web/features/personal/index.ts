// The personal area's public face: its panel and how its screens tell request errors.
export { Panel } from './panel';
export { toldGlobally } from './request-errors';
