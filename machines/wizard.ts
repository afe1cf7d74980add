import { and, assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Group } from '../contract/groups/entities';
import type { Territory } from '../contract/shared/territory';

/** The steps the user fills in, in order; the view shows one at a time. */
export const wizardSteps = ['organisation', 'account', 'confirm'] as const;
export type WizardStep = (typeof wizardSteps)[number];

/** What the user has typed so far, as typed (names are trimmed when sent). */
export type WizardDraft = { organisation: string; ownerId: string; account: string; territory: Territory };
export type WizardField = 'organisation' | 'ownerId' | 'account';
export type WizardErrors = Partial<Record<WizardField, string>>;

export type WizardInput = {
  /** The signed-in user: the owner unless staff name another. */
  userId: number;
  /** Staff may create the organisation for another user (the owner's id field). */
  staff: boolean;
  /** The portal's territory: the first account's territory unless the user picks another. */
  territory: Territory;
};

export type WizardContext = WizardInput & {
  draft: WizardDraft;
  /** The messages of the last check of a step, by field; a field's message goes when it is edited. */
  errors: WizardErrors;
  /**
   * What the create sequence has made so far. A retry after a failure goes on from here instead of
   * creating a second organisation; editing the organisation or its owner starts afresh.
   */
  created: { organisationId?: number; ownerId?: number; accountId?: number };
  /** Why the last create sequence stopped (the API client's Error modal has shown it). */
  error: string | undefined;
};

export type WizardEvent =
  | { type: 'user.change'; field: WizardField; value: string }
  | { type: 'user.pickTerritory'; territory: Territory }
  | { type: 'user.next' }
  | { type: 'user.back' }
  /** "Create organisation" on the confirm step, or again after a failure. */
  | { type: 'user.submit' };

export type CreateOrganisationInput = { owner: string; name: string };
export type CreateAccountInput = { organisationId: number; name: string; territory: Territory };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One step of the form: `user.next` checks it, and the machine moves on when the check found nothing. */
const formStep = (step: 'organisation' | 'account', next: `#wizard.${WizardStep}`) => ({
  initial: 'filling' as const,
  states: {
    filling: {
      on: { 'user.next': { target: 'checked' as const, actions: { type: 'checkStep' as const, params: { step } } } },
    },
    // The check has written its messages: on to the next step when there are none, else they show.
    checked: {
      always: [{ guard: 'noErrors' as const, target: next }, { target: 'filling' as const }],
    },
  },
});

/** Create, from where the last attempt stopped. */
const createFromWhereItStopped = [
  { guard: and(['accountCreated', 'createdForSelf']), target: '#wizard.creating.opening' },
  { guard: 'accountCreated', target: '#wizard.creating.handingOver' },
  { guard: 'organisationCreated', target: '#wizard.creating.account' },
  { target: '#wizard.creating.organisation' },
] as const;

/** Every call of the create sequence fails the same way: to `failed`, saying why. */
const failed = {
  target: '#wizard.failed',
  actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

/** The new account's id, from the `createAccount` result. */
const keepAccount = {
  type: 'keepAccount',
  params: ({ event }: { event: { output: { id: number } } }) => ({ accountId: event.output.id }),
} as const;

/**
 * The welcome wizard (/welcomewizard, a new customer) and the Creation Wizard (/organisationwizard,
 * staff): name the organisation (and, for staff, its owner), name its first account and pick its
 * territory, confirm; then create the organisation, the account under it, step the staff creator back
 * out, and open the new account. Each step is a state; the create sequence is a chain of invoked
 * actors, so a failure says where it stopped and a retry goes on from there. The rules of each step
 * (`checkStep`) and every call are the app's (`provide`); this is the template for longer wizards.
 */
export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
  },
  actors: {
    /** Resolves with the new organisation's id and the user it was created for. */
    createOrganisation: fromPromise<{ id: number; ownerId: number }, CreateOrganisationInput>(notProvided('createOrganisation')),
    createAccount: fromPromise<{ id: number }, CreateAccountInput>(notProvided('createAccount')),
    /** Staff creating for a customer leave the account the server made them direct owner of. */
    stepBack: fromPromise<unknown, { groupId: number; userId: number }>(notProvided('stepBack')),
    /** Loads the groups again and finds the new account (null when it cannot be found). */
    openAccount: fromPromise<Group | null, { accountId: number }>(notProvided('openAccount')),
  },
  actions: {
    /** The step's rules (spec section 5, app-provided): writes `errors` for the step's fields. */
    checkStep: assign((_, _params: { step: WizardStep }) => ({ errors: {} })),
    /** Select the new account and go to its page (app-provided). */
    opened: (_, _params: { group: Group | null }) => {},
    change: assign(({ context, event }) => {
      assertEvent(event, 'user.change');
      const { [event.field]: _cleared, ...errors } = context.errors;
      const restart = event.field !== 'account' && event.value !== context.draft[event.field];
      return {
        draft: { ...context.draft, [event.field]: event.value },
        errors,
        created: restart ? {} : context.created,
      };
    }),
    keepAccount: assign(({ context }, { accountId }: { accountId: number }) => ({ created: { ...context.created, accountId } })),
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    pickTerritory: assign(({ context, event }) => {
      assertEvent(event, 'user.pickTerritory');
      return { draft: { ...context.draft, territory: event.territory } };
    }),
  },
  guards: {
    noErrors: ({ context }) => Object.values(context.errors).every((e) => !e),
    organisationCreated: ({ context }) => context.created.organisationId !== undefined,
    accountCreated: ({ context }) => context.created.accountId !== undefined,
    createdForSelf: ({ context }) => context.created.ownerId === context.userId,
  },
}).createMachine({
  id: 'wizard',
  context: ({ input }) => ({
    ...input,
    draft: { organisation: '', ownerId: '', account: '', territory: input.territory },
    errors: {},
    created: {},
    error: undefined,
  }),
  initial: 'organisation',
  states: {
    organisation: { ...formStep('organisation', '#wizard.account'), on: { 'user.change': { actions: 'change' } } },
    account: {
      ...formStep('account', '#wizard.confirm'),
      on: {
        'user.change': { actions: 'change' },
        'user.pickTerritory': { actions: 'pickTerritory' },
        'user.back': 'organisation',
      },
    },
    confirm: { on: { 'user.back': 'account', 'user.submit': createFromWhereItStopped } },
    creating: {
      initial: 'organisation',
      states: {
        organisation: {
          invoke: {
            id: 'createOrganisation',
            src: 'createOrganisation',
            input: ({ context }) => ({ owner: context.draft.ownerId, name: context.draft.organisation.trim() }),
            onDone: {
              target: 'account',
              actions: assign({ created: ({ event }) => ({ organisationId: event.output.id, ownerId: event.output.ownerId }) }),
            },
            onError: failed,
          },
        },
        account: {
          invoke: {
            id: 'createAccount',
            src: 'createAccount',
            input: ({ context }) => ({
              organisationId: context.created.organisationId!,
              name: context.draft.account.trim(),
              territory: context.draft.territory,
            }),
            onDone: [
              { guard: 'createdForSelf', target: 'opening', actions: keepAccount },
              { target: 'handingOver', actions: keepAccount },
            ],
            onError: failed,
          },
        },
        // Whoever creates a group under a parent becomes its direct owner: staff step back out.
        handingOver: {
          invoke: {
            id: 'stepBack',
            src: 'stepBack',
            input: ({ context }) => ({ groupId: context.created.accountId!, userId: context.userId }),
            onDone: 'opening',
            onError: failed,
          },
        },
        opening: {
          invoke: {
            id: 'openAccount',
            src: 'openAccount',
            input: ({ context }) => ({ accountId: context.created.accountId! }),
            onDone: {
              target: '#wizard.done',
              actions: { type: 'opened', params: ({ event }) => ({ group: event.output }) },
            },
            onError: failed,
          },
        },
      },
    },
    // The confirm step again, with what was created kept: create again, or go back and edit.
    failed: { on: { 'user.back': 'account', 'user.submit': createFromWhereItStopped } },
    done: { type: 'final' },
  },
});

export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;

/** The rules of the wizard's fields: a message when the text is not acceptable. */
export type WizardRules = {
  name: (text: string) => string | null | undefined;
  ownerId: (text: string) => string | null | undefined;
};

/**
 * The `checkStep` action for a set of rules: the organisation step checks the organisation's name and,
 * for staff, the owner's id; the account step the account's name. Provide it with the spec's rules:
 * `wizardMachine.provide({ actions: { checkStep: checkStepWith(rules) } })`.
 */
export const checkStepWith = (rules: WizardRules) =>
  assign<WizardContext, WizardEvent, { step: WizardStep }, WizardEvent, never>(({ context }, { step }) => {
    const { draft, staff } = context;
    const found =
      step === 'organisation'
        ? { organisation: rules.name(draft.organisation), ownerId: staff ? rules.ownerId(draft.ownerId) : null }
        : { account: step === 'account' ? rules.name(draft.account) : null };
    return { errors: Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as WizardErrors };
  });

/** The step the view shows: the confirm step also while creating, after a failure and when done. */
export function wizardStep(snapshot: WizardSnapshot): WizardStep {
  if (snapshot.matches('organisation')) return 'organisation';
  if (snapshot.matches('account')) return 'account';
  return 'confirm';
}

/** True while the create sequence runs or has finished: the buttons are disabled. */
export const isCreating = (snapshot: WizardSnapshot) => snapshot.matches('creating') || snapshot.status === 'done';
