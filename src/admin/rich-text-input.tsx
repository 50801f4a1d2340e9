// The rich-text editor (Tiptap and ProseMirror, about 400 kB) is needed only on the forms that edit a text of
// the site: it loads when such a form opens, not with the back office.
import { Suspense, lazy } from 'react';
import type { RichTextInputProps } from 'ra-input-rich-text';
import { LinearProgress } from 'react-admin';

const Editor = lazy(async () => ({ default: (await import('ra-input-rich-text')).RichTextInput }));

export function RichTextInput(props: RichTextInputProps) {
  return (
    <Suspense fallback={<LinearProgress aria-label="Редактор загружается" />}>
      <Editor {...props} />
    </Suspense>
  );
}
