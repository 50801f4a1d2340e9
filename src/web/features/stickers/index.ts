// What other features may use of this one (its public face): the album and its pictures.
export { StickerAlbum } from './sticker-album';
export { StickerArt } from './sticker-art';
