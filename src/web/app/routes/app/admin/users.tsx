import { useEffect, useId, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import {
  addLinkSchema,
  createUserSchema,
  linkKindRule,
  linkKindsOf,
  linksDroppedBy,
  PASSWORD_NEEDED_WITHOUT_SSO,
  passwordLengthWords,
  userFindSchema,
  userStateLabels,
  type AccountHolder,
  type AddLink,
  type AdminUser,
  type AdminUsers,
  type CreateUser,
  type LinkKind,
  type UserState,
} from '../../../../../contract/identity';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { keysOf } from '../../../../../contract/keys-of';
import { roleLabels, roleSchema, type Role } from '../../../../../contract/session';
import { BusyButton } from '../../../../components/busy-retry-button';
import { ActionList } from '../../../../components/action-list';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { ErrorAlert } from '../../../../components/error-alert';
import { applyFieldErrors, refusesFields } from '../../../../components/form/apply-field-errors';
import { Form, useZodForm } from '../../../../components/form/form';
import { FormNativeSelect } from '../../../../components/form/form-native-select';
import { FormTextField } from '../../../../components/form/form-text-field';
import { NumberedPages } from '../../../../components/numbered-pages';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState, QueryState } from '../../../../components/query-state';
import { FilterBar } from '../../../../components/filter-bar';
import { FilterSelect } from '../../../../components/filter-select';
import { RefusedFiltersState } from '../../../../components/refused-filters-state';
import { RuleFilterField } from '../../../../components/rule-filter-field';
import {
  accountHolderQueryOptions,
  adminUsersQueryOptions,
  useAdminUsers,
  useChangeUser,
  type UsersFind,
} from '../../../../features/identity/api/admin-users';
import { NewPasswordField } from '../../../../features/identity/components/new-password-field';
import { SetPasswordDialog } from '../../../../features/identity/components/set-password-dialog';
import { paths } from '../../../../config/paths';
import { usePortalConfig } from '../../../../features/auth/api/get-portal-config';
import { useSession } from '../../../../features/auth/api/get-session';
import { issuerOfferingsQueryOptions } from '../../../../features/issuer/api/get-issuer-offerings';
import { securitiesQueryOptions } from '../../../../features/market-hours/api/get-securities';
import { isApiClientError } from '../../../../lib/api-client';
import { focusOnMount } from '../../../../lib/focus';
import { formatCount } from '../../../../lib/format';
import { refusedFilters } from '../../../../lib/refused-filters';
import { filterUpdates, searchValues, useSearchUpdate } from '../../../../lib/use-search-update';
import { guardedPrefetchLoader } from '../../../session-guard';

/** What the list is narrowed by, by the BFF's names (as the address holds them). */
const filterNames = ['q', 'role', 'state'] as const;

/**
 * The find text, filters and page as the address holds them (Back and a shared link show the same
 * list): the BFF compares them and refuses one it cannot apply, which the page says under its
 * field.
 */
function findFrom(search: URLSearchParams): UsersFind {
  // The page as written: one that is not a page is refused by the BFF in words, said on the page.
  const { q, role, state, page } = searchValues(search, [...filterNames, 'page']);
  return {
    q,
    // Compared in any letter case, as the BFF compares them.
    role: role?.trim().toLowerCase() || null,
    state: state?.trim().toLowerCase() || null,
    page,
  };
}

export const clientLoader = guardedPrefetchLoader(['admin'], (queryClient, { search }) => {
  void queryClient.prefetchQuery(adminUsersQueryOptions(findFrom(search)));
});

const linkLabels: Record<LinkKind, string> = {
  account: 'Account',
  issuer: 'Issuer',
  security: 'Security',
};

/** The menu items of a select over a closed list, each value shown by its label. */
function labelledOptions<T extends string>(values: readonly T[], labels: Record<T, string>) {
  return values.map((value) => (
    <MenuItem key={value} value={value}>
      {labels[value]}
    </MenuItem>
  ));
}

function linksOf(user: AdminUser) {
  return [
    ...user.accountIds.map((id) => ({ kind: 'account' as const, upstreamId: id })),
    ...user.issuerIds.map((id) => ({ kind: 'issuer' as const, upstreamId: id })),
    ...user.securityIds.map((id) => ({ kind: 'security' as const, upstreamId: id })),
  ];
}

/**
 * What an unlink did, said once it is done. The BFF removes issuer staff's securities with their
 * last issuer (no security can be theirs then, docs/bff-api.md): named, as a role change names
 * the links it removes.
 */
function unlinkedWords(user: AdminUser, l: ReturnType<typeof linksOf>[number]): string {
  const { issuerIds, securityIds } = user;
  if (l.kind !== 'issuer' || issuerIds.length !== 1 || securityIds.length === 0) {
    return 'Link removed.';
  }
  const these = securityIds.length === 1 ? 'security' : 'securities';
  return `Link removed, and with this last issuer the ${these} ${securityIds.join(', ')}: issuer staff set the trading hours of their own issuers' securities only.`;
}

/** The names of a user's links, by `kind:id`; a link without one is shown by its id alone. */
type LinkNames = Map<string, string>;

const linkKey = (l: { kind: LinkKind; upstreamId: string }) => `${l.kind}:${l.upstreamId}`;

/** At most this many offerings name an issuer; the rest are counted. */
const OFFERINGS_NAMED = 2;

/** An issuer in words from its offerings: "offers Aspen Ridge Fund I and 2 more". */
function issuerWords(offerings: readonly string[]): string {
  const named = offerings.slice(0, OFFERINGS_NAMED).join(', ');
  const more = offerings.length - OFFERINGS_NAMED;
  return `offers ${named}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * What the portal can name the user's links by, each read only when the user has a link of its
 * kind; a failed read, or an id not in it, shows the id alone.
 * - A security: its name (`GET /api/securities` answers an admin every traded security).
 * - An issuer: the platform names no issuer (§2.2 gives an offering its issuer's id only, §4.16
 *   names no read of one), so it is named by its offerings, from the list the issuer pages use
 *   (`GET /api/issuer/offerings`, every offering for an admin).
 */
function useLinkNames(user: AdminUser, holders: AccountHolders): LinkNames {
  const securities = useQuery({
    ...securitiesQueryOptions(),
    enabled: user.securityIds.length > 0,
  });
  const offerings = useQuery({
    ...issuerOfferingsQueryOptions(),
    enabled: user.issuerIds.length > 0,
  });
  const names: LinkNames = new Map();
  for (const [accountId, holder] of holders) {
    if (holder.holderName)
      names.set(linkKey({ kind: 'account', upstreamId: accountId }), holder.holderName);
  }
  for (const s of securities.data?.securities ?? []) {
    if (s.securityName)
      names.set(linkKey({ kind: 'security', upstreamId: s.securityId }), s.securityName);
  }
  const offered = new Map<string, string[]>();
  for (const o of offerings.data?.offerings ?? []) {
    offered.set(o.issuerId, [...(offered.get(o.issuerId) ?? []), o.name]);
  }
  for (const [issuerId, offeringNames] of offered) {
    names.set(linkKey({ kind: 'issuer', upstreamId: issuerId }), issuerWords(offeringNames));
  }
  return names;
}

/** Whose each of the user's accounts is, by account id, as far as it could be read. */
type AccountHolders = Map<string, AccountHolder>;

/**
 * An account is named by its holder as the platform names them (§4.10 accountName), read through
 * the BFF with the portal users linked to it (`GET /api/admin/accounts/:accountId/holder`).
 */
function useAccountHolders(accountIds: readonly string[]): AccountHolders {
  const holders = useQueries({ queries: accountIds.map(accountHolderQueryOptions) });
  const byId: AccountHolders = new Map();
  holders.forEach((q, i) => {
    if (q.data) byId.set(accountIds[i], q.data);
  });
  return byId;
}

/** Portal users as the Users page names them: "Avery Quinn (investor@demo.test)". */
const usersWords = (users: AccountHolder['linkedTo']) =>
  users.map((u) => (u.name ? `${u.name} (${u.email})` : u.email)).join(', ');

/** A link as the list shows it: its kind and id, and its name when the portal has one. */
function linkText(l: { kind: LinkKind; upstreamId: string }, names: LinkNames) {
  const name = names.get(linkKey(l));
  return `${linkLabels[l.kind]} ${l.upstreamId}${name ? ` — ${name}` : ''}`;
}

/** An act on a user that waits for the admin's confirmation: each can lock the person out. */
type Asked = { kind: 'role'; role: Role } | { kind: 'disable' } | { kind: 'reset' };

/**
 * What the confirmation of an act says, and what it sends once confirmed. The words say what the
 * BFF does (routes/admin-users.ts): a role change and a reset end the user's sessions, disabling
 * ends them and refuses every sign-in, password or single sign-on, until the user is enabled; a
 * reset removes every factor and the recovery codes, and sign-in asks for a new factor only where
 * the user's role requires one.
 */
function confirmation(user: AdminUser, asked: Asked, linkNames: LinkNames) {
  const name = user.name || user.email;
  switch (asked.kind) {
    case 'role': {
      // The BFF removes the links the new role does not act on with the change: named here, so
      // nobody loses access they did not see going.
      const dropped = linksDroppedBy(user, asked.role);
      const links = dropped.length === 1 ? 'link' : `${dropped.length} links`;
      const removed =
        dropped.length === 0
          ? ''
          : ` The ${links} the role ${roleLabels[asked.role]} does not use ${dropped.length === 1 ? 'is' : 'are'} removed: ${dropped.map((l) => linkText(l, linkNames)).join(', ')}.`;
      // Links made before the portal refused a kind the role does not use are kept when the new
      // role uses them: from then on they give access, so the admin is told before it is given.
      const used = linksOf(user).filter(
        (l) => !linkKindsOf(user.role).includes(l.kind) && linkKindsOf(asked.role).includes(l.kind),
      );
      const given =
        used.length === 0
          ? ''
          : ` ${used.length === 1 ? 'A link' : `${used.length} links`} the role ${roleLabels[user.role]} did not use ${used.length === 1 ? 'gives' : 'give'} access from now on: ${used.map((l) => linkText(l, linkNames)).join(', ')}.`;
      return {
        title: `Change the role of ${name}`,
        text: `Change ${name}’s role from ${roleLabels[user.role]} to ${roleLabels[asked.role]}? Their sessions end and they must sign in again.${removed}${given}`,
        confirmLabel: 'Change role',
        destructive: dropped.length > 0,
        change: { kind: 'role', userId: user.id, role: asked.role } as const,
        done:
          dropped.length === 0
            ? 'Role changed; their sessions ended.'
            : `Role changed; their sessions ended and ${dropped.length === 1 ? 'one link was' : `${dropped.length} links were`} removed.`,
      };
    }
    case 'disable':
      return {
        title: `Disable ${name}`,
        text: `Disable ${name}? They are signed out everywhere and cannot sign in, with a password or single sign-on, until an admin enables them again.`,
        confirmLabel: 'Disable user',
        destructive: true,
        change: { kind: 'disabled', userId: user.id, disabled: true } as const,
        done: 'Disabled; their sessions ended.',
      };
    case 'reset':
      return {
        title: `Reset the second factors of ${name}`,
        text: `Reset ${name}’s second factors? Their ${user.secondFactors === 1 ? 'second factor' : `${user.secondFactors} second factors`} and recovery codes are removed, and they are signed out everywhere. If their role requires a second factor, they must enrol a new one at their next sign-in; otherwise they sign in without one until they add one.`,
        confirmLabel: 'Reset second factors',
        destructive: true,
        change: { kind: 'reset', userId: user.id } as const,
        done: 'Second factors reset; their sessions ended.',
      };
  }
}

/** The roles as the selects of the page offer them. */
const roleOptions = roleSchema.options.map((value) => ({ value, label: roleLabels[value] }));

/** The fields of the create form, in its order: the first in error takes the focus. */
const createFieldNames = ['email', 'name', 'role', 'password'] as const;
/**
 * Without single sign-on a user needs a password to ever sign in: the BFF refuses one without it,
 * in the same words.
 */
const createUserWithPasswordSchema = createUserSchema.refine((user) => user.password !== '', {
  message: PASSWORD_NEEDED_WITHOUT_SSO,
  path: ['password'],
});
const noUser: CreateUser = { email: '', name: '', role: 'investor', password: '' };

/** `onManage` opens the new user's dialog: a new user usually needs its links next. */
function CreateUserForm({ onManage }: { onManage: (user: AdminUser) => void }) {
  const change = useChangeUser();
  // While the setting is unknown the BFF alone decides.
  const passwordRequired = usePortalConfig().data?.singleSignOn === null;
  const form = useZodForm(
    passwordRequired ? createUserWithPasswordSchema : createUserSchema,
    noUser,
  );
  const [created, setCreated] = useState<AdminUser | null>(null);
  // A new attempt is answered on its own: the last one's result or refusal goes, even when this
  // one is refused here, before anything is sent.
  const startAttempt = () => {
    setCreated(null);
    change.reset();
  };
  const create = (user: z.output<typeof createUserSchema>) => {
    startAttempt();
    change.mutate(
      { kind: 'create', user },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          form.reset();
        },
        // A refusal of a field (an email another user has) is said under that field, as the
        // form's own checks are; nothing for support there.
        onError: (error) => applyFieldErrors(error, form.setError, createFieldNames),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography component="h2" variant="h2" gutterBottom>
        Create a user
      </Typography>
      <Form
        form={form}
        onValid={create}
        onInvalid={startAttempt}
        aria-label="Create a user"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <FormTextField control={form.control} name="email" label="Email" type="email" required />
        <FormTextField control={form.control} name="name" label="Name" required />
        <FormNativeSelect control={form.control} name="role" label="Role" options={roleOptions} />
        <NewPasswordField
          control={form.control}
          name="password"
          label="Password"
          required={passwordRequired}
          helperText={
            passwordRequired
              ? undefined
              : `Leave empty for single sign-on only; ${passwordLengthWords} otherwise`
          }
        />
        <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>
          {/*
           * The button is disabled while the request runs, which drops the focus to the page
           * body: the result takes it instead, so it is read out and the person stays here.
           */}
          {change.isError && !refusesFields(change.error, createFieldNames) && (
            <Box tabIndex={-1} ref={focusOnMount} sx={{ outline: 'none' }}>
              <ErrorAlert error={change.error} title="The user was not created" />
            </Box>
          )}
          {created && (
            <Stack
              role="status"
              tabIndex={-1}
              ref={focusOnMount}
              direction="row"
              sx={{ outline: 'none', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
            >
              {/* A long address breaks anywhere rather than run off a phone's screen. */}
              <Typography sx={{ overflowWrap: 'anywhere' }}>Created {created.email}.</Typography>
              <Button
                size="small"
                sx={{ overflowWrap: 'anywhere', textAlign: 'start' }}
                onClick={() => onManage(created)}
              >
                Manage {created.email}
              </Button>
            </Stack>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={change.isPending}
            sx={{ justifySelf: 'start' }}
          >
            Create user
          </Button>
        </Box>
      </Form>
    </Paper>
  );
}

/** A refusal of the link form's own fields, which the form shows under the field. */
const refusesLinkFields = (error: unknown) =>
  refusesFields(error, ['kind', 'upstreamId', ...Object.keys(confirmations)]);

/**
 * The links the BFF refuses until the admin confirms a check made on the platform: an issuer no
 * offering names, a security the portal gives to the staff of another issuer, an account another
 * user is linked to. The field of each
 * confirmation, and what the admin confirms.
 */
const confirmations = {
  confirmIssuerWithoutOfferings: {
    kind: 'issuer',
    label: (id: string) =>
      `I checked on the platform that issuer ${id} exists: link it although no offering names it`,
  },
  confirmSecurityOfOtherIssuer: {
    kind: 'security',
    label: (id: string) =>
      `I checked on the platform that security ${id} belongs to an issuer of this user: link it`,
  },
  // Asked before sending once the account's holder is read; this box when it could not be.
  confirmAccountOfOtherUser: {
    kind: 'account',
    label: (id: string) =>
      `I checked that this user should act on account ${id} too, beside the users it is linked to: link it`,
  },
} as const satisfies Record<string, { kind: LinkKind; label: (id: string) => string }>;
type Confirmation = keyof typeof confirmations;

/**
 * The BFF refuses an admin's change of their own role, of whether they are disabled, and a reset
 * of their own second factors (another admin must: routes/admin-users.ts). Those are not offered
 * on their own row, with the reason; a refusal that still comes (a page opened before a change of
 * who is signed in) is a rule of the request, shown without a support id.
 */
const ANOTHER_ADMIN = 'Another admin must do this';
const isRuleRefusal = (error: unknown) =>
  isApiClientError(error) && error.submitted === 'no' && error.refusal === 'request';

function ManageUser({
  user,
  isSelf,
  onChanged,
  onClose,
}: {
  user: AdminUser;
  /** The admin manages their own account. */
  isSelf: boolean;
  /** The user as a change answered them: the dialog stays on them off the page listed too. */
  onChanged: (user: AdminUser) => void;
  onClose: () => void;
}) {
  const change = useChangeUser();
  const titleId = useId();
  const selfRuleId = useId();
  const noFactorsId = useId();
  const noFactors = user.secondFactors === 0;
  // The new password is asked in a dialog of its own; nothing is sent until it is set there.
  const [settingPassword, setSettingPassword] = useState(false);
  const roleId = useId();
  const ruleId = useId();
  const upstreamId = useId();
  /*
   * Only the kinds the user's role acts on are offered (the BFF refuses another kind): the one
   * chosen, while the role still acts on it, else the role's first. None for a role that reads
   * across, which gets the rule instead of the form.
   */
  const kinds = linkKindsOf(user.role);
  const linkForm = useZodForm(addLinkSchema, { kind: kinds[0] ?? 'account', upstreamId: '' });
  const [chosenKind, linkId] = useWatch({
    control: linkForm.control,
    name: ['kind', 'upstreamId'],
  });
  const linkKind = kinds.includes(chosenKind) ? chosenKind : kinds[0];
  // A change of role (here, or by another admin as the list is read again) takes a kind the new
  // role does not act on out of the form, as it is out of the choices.
  useEffect(() => {
    const { kind } = linkForm.getValues();
    if (kinds.length > 0 && !kinds.includes(kind)) linkForm.setValue('kind', kinds[0]);
  }, [kinds, linkForm]);
  /*
   * Some links are refused unless the admin confirms they checked them on the platform (see
   * `confirmations`). The box is offered only after that refusal, and only for the kind and id
   * refused: another id or kind is checked afresh, the box unticked. It is no field of the
   * schema's: nothing is asked of it, and it says only that the admin checked the refused link.
   */
  const [confirmable, setConfirmable] = useState<{ field: Confirmation; id: string } | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  // Any edit of the kind or the id unticks it, even one that comes back to the refused link.
  useEffect(() => linkForm.watch(() => setConfirmed(false)).unsubscribe, [linkForm]);
  // Read on every render, so that the form tells this one of the refusal as it comes.
  const idRefused = Boolean(linkForm.formState.errors.upstreamId);
  const offerConfirmation =
    confirmable !== null &&
    confirmations[confirmable.field].kind === linkKind &&
    confirmable.id === linkId.trim()
      ? confirmable
      : null;
  const holders = useAccountHolders(user.accountIds);
  const linkNames = useLinkNames(user, holders);
  const queryClient = useQueryClient();
  /*
   * An account is linked only once the admin has seen whose it is: its holder on the platform,
   * and the portal users already linked to it, who must be confirmed explicitly (the BFF refuses
   * the link otherwise).
   */
  const [linkAsked, setLinkAsked] = useState<{ link: AddLink; holder: AccountHolder } | null>(null);
  const [linkConfirming, setLinkConfirming] = useState(false);
  const [checkingHolder, setCheckingHolder] = useState(false);
  const linkBusy = change.isPending || checkingHolder;
  /** Sends a link; the result, or the refusal under the fields it names. */
  const sendLink = (link: AddLink, holder?: AccountHolder) =>
    change.mutate(
      { kind: 'link', userId: user.id, link },
      {
        onSuccess: (changed) => {
          onChanged(changed);
          setDone(
            holder?.holderName
              ? `Linked: ${linkText(link, new Map([[linkKey(link), holder.holderName]]))}.`
              : 'Linked.',
          );
          linkForm.resetField('upstreamId');
          setConfirmable(null);
          setConfirmed(false);
        },
        // The id stays in the field, with the platform's answer under it; a refusal of the kind
        // (the role was changed since this list was read) stands under Kind.
        onError: (error) => {
          applyFieldErrors(error, linkForm.setError, ['kind', 'upstreamId']);
          const fields = isApiClientError(error) ? error.fields : [];
          const asked = fields.find((f) => f.field in confirmations);
          if (asked) {
            setConfirmable({ field: asked.field as Confirmation, id: link.upstreamId });
          }
        },
      },
    );
  /** An account the user shares with other portal users says with whom, under its name. */
  const alsoLinked = (l: { kind: LinkKind; upstreamId: string }) => {
    const holder = l.kind === 'account' ? holders.get(l.upstreamId) : undefined;
    const others = holder ? othersOf(holder) : [];
    return others.length > 0 ? `Also linked to ${usersWords(others)}` : undefined;
  };
  /** The users other than this one already linked to the account asked about. */
  const othersOf = (holder: AccountHolder) => holder.linkedTo.filter((u) => u.email !== user.email);
  const [done, setDone] = useState<string | null>(null);
  // A new attempt is answered on its own: the last change's result or refusal goes, even when
  // this one is refused here, before anything is sent.
  const startLinkAttempt = () => {
    setDone(null);
    change.reset();
  };
  const apply = (c: Parameters<typeof change.mutate>[0], message: string) => {
    setDone(null);
    // A refusal under the link fields was about the last link tried, not about this change.
    linkForm.clearErrors();
    change.mutate(c, {
      onSuccess: (changed) => {
        setDone(message);
        onChanged(changed);
      },
    });
  };
  // Asked for and not yet confirmed: nothing has been sent. The words are kept as they were
  // asked, so the dialog does not change under the admin while it fades out.
  const [asking, setAsking] = useState<ReturnType<typeof confirmation> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ask = (asked: Asked) => {
    setAsking(confirmation(user, asked, linkNames));
    setConfirming(true);
  };
  // The role chosen shows in the dropdown while it is asked for and while it is being sent.
  const askedRole = confirming && asking?.change.kind === 'role' ? asking.change.role : null;
  const sentRole =
    change.isPending && change.variables.kind === 'role' ? change.variables.role : null;
  const shownRole = askedRole ?? sentRole ?? user.role;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Manage {user.email}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {/* A refusal that names the link's fields is shown under them, once, not here too. */}
        {change.isError && !refusesLinkFields(change.error) && (
          <ErrorAlert
            error={change.error}
            // The BFF's own sentence pair (a store outage) says "Nothing was changed" itself.
            title={
              isApiClientError(change.error) && change.error.nextStep
                ? undefined
                : 'Nothing was changed'
            }
            withSupportId={!isRuleRefusal(change.error)}
          />
        )}
        {/* The button pressed is disabled while it runs, or gone (an unlinked row): the result
            takes the focus, rather than the dialog as a whole, and is read out. */}
        {done && (
          <Typography role="status" tabIndex={-1} ref={focusOnMount} sx={{ outline: 'none' }}>
            {done}
          </Typography>
        )}
        <TextField
          id={roleId}
          select
          label="Role"
          value={shownRole}
          sx={{ mt: 1 }}
          disabled={isSelf}
          onChange={(event) => {
            const role = event.target.value as Role;
            if (role !== user.role) ask({ kind: 'role', role });
          }}
          helperText={
            isSelf
              ? `${ANOTHER_ADMIN}: you cannot change your own role`
              : 'Changing a role asks for your second factor and ends the user’s sessions'
          }
          // The reason stays as readable as any helper text, not greyed out with the field.
          slotProps={{
            formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
          }}
        >
          {labelledOptions(roleSchema.options, roleLabels)}
        </TextField>
        <Box>
          <Typography component="h3" variant="h3" gutterBottom>
            Linked on the platform
          </Typography>
          {linksOf(user).length === 0 ? (
            kinds.length > 0 && (
              <Typography>
                No links: this user sees no account, issuer or security of their own.
              </Typography>
            )
          ) : (
            <List dense aria-label="Linked on the platform">
              {linksOf(user).map((l) => (
                <ListItem
                  key={`${l.kind}-${l.upstreamId}`}
                  // Room for the worded button: the list's own keeps room for an icon only, and
                  // a long account name would run under Unlink on a phone.
                  sx={{ pr: 11 }}
                  secondaryAction={
                    <Button
                      size="small"
                      disabled={change.isPending}
                      aria-label={`Unlink ${linkLabels[l.kind]} ${l.upstreamId}`}
                      onClick={() =>
                        apply({ kind: 'unlink', userId: user.id, link: l }, unlinkedWords(user, l))
                      }
                    >
                      Unlink
                    </Button>
                  }
                >
                  <ListItemText
                    primary={linkText(l, linkNames)}
                    // Made before the portal refused such links: it does nothing now, and a
                    // role change to one that acts on it would keep it and give its access.
                    secondary={
                      kinds.includes(l.kind)
                        ? alsoLinked(l)
                        : `Not used by the role ${roleLabels[user.role]}: unlink it, or a change of role could give its access`
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
          {linkKind === undefined ? (
            <Typography sx={{ mt: 1 }}>{linkKindRule[user.role]}.</Typography>
          ) : (
            <>
              <Typography id={ruleId} variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
                {linkKindRule[user.role]}.
              </Typography>
              <Form
                form={linkForm}
                onValid={(valid) => {
                  // A busy Link still submits the form (BusyButton only holds back its click).
                  if (linkBusy) return;
                  startLinkAttempt();
                  const link: AddLink =
                    offerConfirmation && confirmed
                      ? { ...valid, [offerConfirmation.field]: true }
                      : valid;
                  // An account confirmed through the box after a refusal was named there.
                  if (link.kind === 'account' && !link.confirmAccountOfOtherUser) {
                    setCheckingHolder(true);
                    queryClient
                      .fetchQuery(accountHolderQueryOptions(link.upstreamId))
                      .then(
                        (holder) => {
                          setLinkAsked({ link, holder });
                          setLinkConfirming(true);
                        },
                        // Unread (unknown to the platform, or it did not answer): the BFF checks
                        // the link itself and says why under the field.
                        () => sendLink(link),
                      )
                      .finally(() => setCheckingHolder(false));
                    return;
                  }
                  sendLink(link);
                }}
                onInvalid={startLinkAttempt}
                aria-label="Link a platform id"
                aria-describedby={ruleId}
                sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mt: 2 }}
              >
                <FormNativeSelect
                  control={linkForm.control}
                  name="kind"
                  label="Kind"
                  options={kinds.map((kind) => ({ value: kind, label: linkLabels[kind] }))}
                  size="small"
                  fullWidth={false}
                />
                <FormTextField
                  control={linkForm.control}
                  name="upstreamId"
                  id={upstreamId}
                  label="Platform id"
                  size="small"
                  required
                />
                {offerConfirmation && (
                  // Right after the id in the tab order; the refusal under the id describes it too.
                  <FormControlLabel
                    sx={{ flexBasis: '100%' }}
                    control={
                      <Checkbox
                        checked={confirmed}
                        onChange={(e) => setConfirmed(e.target.checked)}
                        slotProps={{
                          input: {
                            'aria-describedby': idRefused ? `${upstreamId}-helper` : undefined,
                          },
                        }}
                      />
                    }
                    label={confirmations[offerConfirmation.field].label(offerConfirmation.id)}
                  />
                )}
                {/* Busy, not disabled, while the holder is read or the link sent: a disabled
                    button loses the focus (Chromium), and the question that follows would give
                    it back to the dialog, not to Link. */}
                <BusyButton
                  type="submit"
                  variant="outlined"
                  busy={linkBusy}
                  disabled={linkId.trim() === ''}
                >
                  Link
                </BusyButton>
              </Form>
            </>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            color={user.disabled ? 'primary' : 'error'}
            disabled={change.isPending || isSelf}
            aria-describedby={isSelf ? selfRuleId : undefined}
            onClick={() =>
              // Enabling gives access back, so it takes one click; disabling locks them out.
              user.disabled
                ? apply({ kind: 'disabled', userId: user.id, disabled: false }, 'Enabled.')
                : ask({ kind: 'disable' })
            }
          >
            {user.disabled ? 'Enable user' : 'Disable user'}
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={change.isPending || isSelf}
            aria-describedby={isSelf ? selfRuleId : undefined}
            onClick={() => setSettingPassword(true)}
          >
            Set a new password
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={change.isPending || noFactors || isSelf}
            aria-describedby={isSelf ? selfRuleId : noFactors ? noFactorsId : undefined}
            onClick={() => ask({ kind: 'reset' })}
          >
            Reset second factors
          </Button>
          {isSelf ? (
            <Typography id={selfRuleId} variant="body2" sx={{ flexBasis: '100%' }}>
              {ANOTHER_ADMIN}: you cannot disable yourself, set your own password here or reset your
              own second factors. You change your own password and second factors in{' '}
              <Link component={RouterLink} to={paths.app.security.getHref()}>
                security settings
              </Link>
              .
            </Typography>
          ) : (
            // Greyed out without a word, the button would read as broken or forbidden.
            noFactors && (
              <Typography
                id={noFactorsId}
                variant="body2"
                sx={{ flexBasis: '100%', color: 'text.secondary' }}
              >
                They have no second factor to reset.
              </Typography>
            )
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <SetPasswordDialog
        name={user.name || user.email}
        open={settingPassword}
        onCancel={() => setSettingPassword(false)}
        onSet={(password) => {
          setSettingPassword(false);
          apply(
            { kind: 'password', userId: user.id, password },
            'New password set; their sessions ended. Tell them the new password in a safe way.',
          );
        }}
      />
      {/* Whose the account is, before it is linked; Cancel sends nothing and keeps the id. */}
      <ConfirmDialog
        open={linkConfirming}
        title={
          linkAsked ? `Link account ${linkAsked.link.upstreamId} to ${user.name || user.email}` : ''
        }
        confirmLabel={
          linkAsked && othersOf(linkAsked.holder).length > 0 ? 'Link to both' : 'Link account'
        }
        destructive={linkAsked !== null && othersOf(linkAsked.holder).length > 0}
        onCancel={() => setLinkConfirming(false)}
        onConfirm={() => {
          if (!linkAsked) return;
          setLinkConfirming(false);
          const others = othersOf(linkAsked.holder);
          sendLink(
            others.length > 0
              ? { ...linkAsked.link, confirmAccountOfOtherUser: true }
              : linkAsked.link,
            linkAsked.holder,
          );
        }}
      >
        {linkAsked && (
          <>
            {linkAsked.holder.holderName
              ? `The platform names its holder ${linkAsked.holder.holderName}.`
              : 'The platform gives no name for its holder.'}
            {othersOf(linkAsked.holder).length > 0 &&
              ` It is already linked to ${usersWords(othersOf(linkAsked.holder))}: ${user.name || user.email} would see it and could move its money too. Link it only if both should act on it.`}
          </>
        )}
      </ConfirmDialog>
      {/* Cancel sends nothing, and the dropdown shows the role the user still has. */}
      <ConfirmDialog
        open={confirming}
        title={asking?.title ?? ''}
        confirmLabel={asking?.confirmLabel ?? ''}
        destructive={asking?.destructive}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          if (!asking) return;
          setConfirming(false);
          apply(asking.change, asking.done);
        }}
      >
        {asking?.text}
      </ConfirmDialog>
    </Dialog>
  );
}

/**
 * The list's selects, over the roles and the states a user may be in; `unknown` is said under one
 * whose value the address carries is none of them, where the BFF gave no words of its own.
 */
const selectFilters: {
  name: 'role' | 'state';
  label: string;
  options: readonly { value: string; label: string }[];
  allLabel: string;
  unknown: string;
}[] = [
  {
    name: 'role',
    label: 'Role',
    options: roleOptions,
    allLabel: 'All roles',
    unknown: 'Role must be one of the roles listed',
  },
  {
    name: 'state',
    label: 'State',
    options: keysOf(userStateLabels).map((value) => ({ value, label: userStateLabels[value] })),
    allLabel: 'Any state',
    unknown: 'State must be one of the states listed',
  },
];

/**
 * The chosen filters in words ("role: Investor, state: linked"), named as filters: nothing was
 * typed for them to match.
 */
function filterWords(find: UsersFind): string {
  const parts = [
    find.role && `role: ${roleLabels[find.role as Role] ?? find.role}`,
    find.state &&
      `state: ${(userStateLabels[find.state as UserState] ?? find.state).toLowerCase()}`,
  ].filter(Boolean);
  return parts.join(', ');
}

/** The find text, then the filters in brackets: “ann” (role: Investor). */
function findWords(find: UsersFind): { typed: string; filters: string } {
  const filters = filterWords(find);
  return { typed: find.q ? `“${find.q}”` : '', filters: filters ? `(${filters})` : '' };
}

/** “Showing 1–50 of 312 users”, and what they were found by. */
function showingWords(data: AdminUsers, find: UsersFind): string {
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.users.length - 1;
  const users = data.total === 1 ? 'user' : 'users';
  const { typed, filters } = findWords(find);
  return `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)} ${users}${typed ? ` matching ${typed}` : ''}${filters ? ` ${filters}` : ''}.`;
}

export default function AdminUsersRoute() {
  const [search, updateSearch] = useSearchUpdate();
  const find = findFrom(search);
  const users = useAdminUsers(find);
  const me = useSession().data?.user.id;
  // The user whose dialog is open, as last answered: kept while they are on no page listed (one
  // just created, or one a change moved out of the filters); the list's copy wins when shown.
  const [managing, setManaging] = useState<AdminUser | null>(null);
  const current = managing
    ? (users.data?.users.find((u) => u.id === managing.id) ?? managing)
    : undefined;
  // Another find text or filter lists other users, from their first page.
  const [setFilter, clearFilters] = filterUpdates(updateSearch, filterNames, { page: null });
  const refused = refusedFilters(users.error, [...filterNames, 'page']);
  const goToPage = (page: number) => updateSearch({ page: page > 1 ? String(page) : null });
  const { page: pageRefused, ...filtersRefused } = refused;
  return (
    <>
      <PageHeader
        title="Users"
        description="Who may sign in, with which role, and which of the platform's accounts, issuers and securities they act on. Every change is audited."
      />
      <CreateUserForm onManage={setManaging} />
      <Typography component="h2" variant="h2" gutterBottom>
        Find users
      </Typography>
      <FilterBar label="Find users" spaceBelow={2}>
        <RuleFilterField
          label="Email or name"
          input="text"
          size="small"
          applied={find.q ?? undefined}
          rule={userFindSchema}
          refused={refused.q}
          onApply={(q) => setFilter('q', q || null)}
        />
        {selectFilters.map(({ name, unknown, ...select }) => (
          <FilterSelect
            key={name}
            {...select}
            value={find[name]}
            onChange={(value) => setFilter(name, value)}
            unknown={() => refused[name] ?? unknown}
          />
        ))}
      </FilterBar>
      {/* What is listed, or why nothing is, is the outcome of Find users: headed under its h2. */}
      <RefusedFiltersState refused={filtersRefused} onClear={clearFilters} headingLevel={3}>
        {pageRefused ? (
          // A hand-edited or shared address: reading it again would be refused the same way.
          <EmptyState
            headingLevel={3}
            title="This page of users cannot be shown"
            message={`${pageRefused} (the address asks for page “${find.page}”).`}
            action={<Button onClick={() => goToPage(1)}>Go to the first page</Button>}
          />
        ) : (
          <QueryState
            query={users}
            subject="the users"
            isEmpty={(data) => data.users.length === 0}
            empty={
              <NoUserListed
                data={users.data}
                find={find}
                onPage={goToPage}
                onClear={clearFilters}
              />
            }
          >
            {(data) => (
              <>
                {/* The find text may be one long word (an email): it breaks anywhere. */}
                <Typography role="status" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                  {showingWords(data, find)}
                </Typography>
                <ActionList
                  label="Users"
                  items={data.users}
                  itemKey={(u) => u.id}
                  action={(u) => (
                    <Button onClick={() => setManaging(u)} aria-label={`Manage ${u.email}`}>
                      Manage
                    </Button>
                  )}
                  primary={(u) => (
                    <Box
                      component="span"
                      sx={{
                        display: 'inline-flex',
                        gap: 1,
                        flexWrap: 'wrap',
                        alignItems: 'center',
                      }}
                    >
                      <span>{u.email}</span>
                      <Chip size="small" label={roleLabels[u.role]} />
                      {u.disabled && <Chip size="small" color="error" label="Disabled" />}
                    </Box>
                  )}
                  secondary={(u) =>
                    `${u.name} · ${u.signInMethods.map((m) => (m === 'oidc' ? 'single sign-on' : 'password')).join(' and ') || 'no sign-in method'} · ${u.secondFactors} second factor${u.secondFactors === 1 ? '' : 's'} · ${linksOf(u).length} link${linksOf(u).length === 1 ? '' : 's'}`
                  }
                />
                <UserPages data={data} onPage={goToPage} />
              </>
            )}
          </QueryState>
        )}
      </RefusedFiltersState>
      {current && (
        <ManageUser
          user={current}
          isSelf={current.id === me}
          onChanged={setManaging}
          onClose={() => setManaging(null)}
        />
      )}
    </>
  );
}

/** The pages of users found, when there is more than one. */
function UserPages({ data, onPage }: { data: AdminUsers; onPage: (page: number) => void }) {
  return (
    <NumberedPages
      label="Pages of users"
      pages={Math.ceil(data.total / data.pageSize)}
      page={data.page}
      onPage={onPage}
    />
  );
}

/**
 * What the list says when it shows no user: a page past the last names the last and leads back;
 * no match names what was looked for; only with nothing looked for, that there are no users.
 */
function NoUserListed({
  data,
  find,
  onPage,
  onClear,
}: {
  data: AdminUsers | undefined;
  find: UsersFind;
  onPage: (page: number) => void;
  onClear: () => void;
}) {
  if (data && data.total > 0) {
    const pages = Math.ceil(data.total / data.pageSize);
    return (
      <EmptyState
        headingLevel={3}
        title={`Page ${formatCount(data.page)} is past the last page`}
        message={`${formatCount(data.total)} ${data.total === 1 ? 'user matches' : 'users match'}, on ${formatCount(pages)} ${pages === 1 ? 'page' : 'pages'}.`}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
            <Button onClick={() => onPage(1)}>Go to the first page</Button>
            {pages > 1 && (
              <Button
                onClick={() => onPage(pages)}
              >{`Go to the last page (${formatCount(pages)})`}</Button>
            )}
          </Box>
        }
      />
    );
  }
  const { typed, filters } = findWords(find);
  if (typed) {
    return (
      <EmptyState
        headingLevel={3}
        title={`No user matches ${typed}${filters ? ` ${filters}` : ''}`}
        message="Check the spelling, type less of the email or name, or choose other filters."
        action={<Button onClick={onClear}>Clear the find and filters</Button>}
      />
    );
  }
  if (filters) {
    // Nothing was typed: there is no spelling to check.
    return (
      <EmptyState
        headingLevel={3}
        title={`No user ${filters}`}
        message="Choose other filters."
        action={<Button onClick={onClear}>Clear the filters</Button>}
      />
    );
  }
  return <EmptyState headingLevel={3} title="No users yet" message="Create the first one above." />;
}
