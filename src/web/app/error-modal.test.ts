// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installShowErrorListener } from '../api/interceptors';
import { reportError } from '../api/error-reports';
import { useModalStore } from '../components/modal/modal-store';
import { showError } from '../lib/show-error';
import { installErrorModal } from './error-modal';

let uninstall: () => void;
let unlisten: () => void;
beforeAll(() => {
  uninstall = installErrorModal();
  unlisten = installShowErrorListener();
});
afterAll(() => {
  uninstall();
  unlisten();
});
beforeEach(() => useModalStore.setState({ name: null, props: undefined, onClose: undefined }));

describe('the global error modal (docs/ARCHITECTURE.md «Error codes»)', () => {
  it('opens with what the HTTP layer reports', () => {
    reportError({ message: 'Нет связи с сервером.' });
    expect(useModalStore.getState().name).toBe('global-error');
    expect(useModalStore.getState().props).toEqual({ message: 'Нет связи с сервером.' });
  });

  it('opens on a SHOW_ERROR event, with its title', () => {
    showError({ message: 'Не удалось сохранить', title: 'Ошибка' });
    expect(useModalStore.getState().props).toEqual({
      message: 'Не удалось сохранить',
      title: 'Ошибка',
    });
  });

  it('stays closed once stopped', () => {
    uninstall();
    reportError({ message: 'Нет связи с сервером.' });
    expect(useModalStore.getState().name).toBeNull();
    uninstall = installErrorModal();
  });
});
