import { Textarea, type TextareaProps } from '@mantine/core';

/** The text area of an admin's notes or reason: grows with the text, up to the 500 characters the shared schemas allow. */
export function NotesField(props: TextareaProps) {
  return <Textarea autosize maxLength={500} {...props} />;
}
