import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useRef, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  ACCOUNT_NOTE_MAX,
  accountNoteInputSchema,
  type AccountNoteInput,
} from '../../../../contract/compliance';
import { SectionCard } from '../../../components/description-list';
import { ErrorAlert } from '../../../components/error-alert';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { FormTextField } from '../../../components/form/form-text-field';
import { EmptyState, QueryState } from '../../../components/query-state';
import { formatTimestamp } from '../../../lib/format';
import { focusOnMount } from '../../../lib/focus';
import { useAccountNotes, useAddAccountNote } from '../api/account-notes';

/** Reviewers' notes on an account: read, and add one (each addition is audited). */
export function AccountNotes({ accountId }: { accountId: string }) {
  const notes = useAccountNotes(accountId);
  const add = useAddAccountNote(accountId);
  const form = useForm<AccountNoteInput>({
    resolver: zodResolver(accountNoteInputSchema),
    defaultValues: { body: '' },
  });
  // A note is not idempotent: a second press before the first is answered (the check of the
  // input takes a turn, so the button is not disabled yet) would add it twice. The flag is set
  // in the event itself.
  const sending = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    const done = () => {
      sending.current = false;
    };
    void form.handleSubmit(
      (values) =>
        new Promise<void>((resolve) => {
          add.mutate(values, {
            onSuccess: () => form.reset({ body: '' }),
            onError: (error) => applyFieldErrors(error, form.setError, ['body']),
            onSettled: () => {
              done();
              resolve();
            },
          });
        }),
      done,
    )(event);
  };
  return (
    <SectionCard title="Review notes">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
        <FormTextField
          name="body"
          control={form.control}
          label="New note"
          multiline
          fullWidth
          helperText={`Seen by reviewers only, up to ${ACCOUNT_NOTE_MAX} characters. Adding a note is recorded in the audit log.`}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            Add note
          </Button>
        </Box>
        {add.isSuccess && (
          // Focus goes to the result (not to the page body) and it is announced.
          <Typography
            key={add.submittedAt}
            ref={focusOnMount}
            tabIndex={-1}
            role="status"
            sx={{ outline: 'none' }}
          >
            Note added.
          </Typography>
        )}
        {add.isError && <ErrorAlert error={add.error} title="The note was not added" />}
      </Box>
      <QueryState
        query={notes}
        subject="the notes"
        skeletonLines={2}
        isEmpty={(data) => data.notes.length === 0}
        empty={
          <EmptyState
            headingLevel={3}
            title="No notes yet"
            message="Notes added here stay with the account."
          />
        }
      >
        {(data) => (
          <List aria-label="Notes, newest first">
            {data.notes.map((note) => (
              // A note may hold one long word (a pasted link), and its author a long address: they
              // break inside the card rather than widen the page past a phone's screen.
              <ListItem key={note.id} divider sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{note.body}</Typography>
                <Typography variant="body2" color="textSecondary">
                  {note.authorEmail}, {formatTimestamp(note.createdAt)}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </QueryState>
      {notes.isSuccess && notes.data.notes.length > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          Notes cannot be changed or removed once added.
        </Alert>
      )}
    </SectionCard>
  );
}
