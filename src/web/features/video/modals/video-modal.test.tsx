// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { useModalStore } from '../../../components/modal/modal-store';
import { useSessionStore } from '../../../api/session';
import VideoModal from './video-modal';

const PROMO = {
  url: '/media/promo.webm',
  poster: '/media/promo.webp',
  title: 'Как проходят уроки',
};

beforeEach(() => {
  useModalStore.setState({ name: 'video', props: PROMO, onClose: undefined, key: 1 });
});
afterEach(() => {
  cleanup();
  useSessionStore.setState({ token: null, profile: null, status: 'LOADED' });
});

function watchToTheEnd() {
  const { container } = render(<VideoModal {...PROMO} />);
  const video = container.querySelector('video');
  if (!video) throw new Error('No video');
  fireEvent.ended(video);
}

describe('VideoModal at the end of the video', () => {
  it('a visitor is invited to register or watch again', () => {
    useSessionStore.setState({ token: null, profile: null, status: 'LOADED' });
    watchToTheEnd();
    expect(useModalStore.getState()).toMatchObject({ name: 'video-alert', props: PROMO });
  });

  it('a logged-in parent just sees it close', () => {
    useSessionStore.setState({ token: 'a-token', profile: null, status: 'LOADED' });
    watchToTheEnd();
    expect(useModalStore.getState().name).toBeNull();
  });
});

describe('VideoModal with subtitles', () => {
  it('a program’s free lesson plays with the Russian subtitles on, as on /video', () => {
    const { container } = render(<VideoModal {...PROMO} subtitles="/media/lesson.vtt" />);
    const track = container.querySelector('video track');
    expect(track?.getAttribute('src')).toBe('/media/lesson.vtt');
    expect(track?.getAttribute('kind')).toBe('subtitles');
    expect(track?.getAttribute('srclang')).toBe('ru');
    expect(track?.hasAttribute('default')).toBe(true);
  });

  it('the promo without subtitles has no track', () => {
    const { container } = render(<VideoModal {...PROMO} />);
    expect(container.querySelector('video track')).toBeNull();
  });
});
