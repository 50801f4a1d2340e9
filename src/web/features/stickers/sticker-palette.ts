// The sticker set's colours: the school's palette, with an ink outline.
export const INK = '#2b2350';
export const VIOLET = '#6c4cf1';
export const YELLOW = '#ffc93c';
export const PINK = '#ff6fa8';
export const BLUE = '#4cb8f5';
export const MINT = '#2ec4a6';
export const ORANGE = '#ff8a3d';
export const RED = '#ff5a5f';
export const BROWN = '#b07a4f';
export const GREEN = '#5cc26b';

export const line = { fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
