import {
  assign,
  fromPromise,
  setup,
  type ActorRefFromLogic,
  type PromiseActorLogic,
  type SnapshotFrom,
  type StateMachine,
} from 'xstate';

/** What a form submission holds: what was sent, what came back, and why the last send failed. */
export type SubmissionContext<Values, Result> = {
  /** The values of the last send; undefined until the first one. */
  values: Values | undefined;
  /** The answer of the last successful send (a new group's id, search results). */
  result: Result | undefined;
  /** The message of the last failed send (the API client's Error modal has shown it already). */
  error: string | undefined;
};

export type SubmissionEvent<Values> =
  | { type: 'user.submit'; values: Values }
  /** Back to the form after a success (another edit) or a failure (correct the input). */
  | { type: 'user.edit' };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One form sent to the server. The statechart is the same for every form; only the types of the
 * values and of the answer differ, so it is built once here and typed per form by
 * `createSubmissionMachine` (TypeScript cannot check a `setup` whose types are type parameters).
 */
const submission = setup({
  types: {
    context: {} as SubmissionContext<unknown, unknown>,
    events: {} as SubmissionEvent<unknown>,
  },
  actors: {
    submit: fromPromise<unknown, unknown>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    /** What the app does with the answer: navigate, log in, tell the session (app-provided). */
    succeeded: (_, _params: { result: unknown; values: unknown }) => {},
  },
}).createMachine({
  id: 'submission',
  context: { values: undefined, result: undefined, error: undefined },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.submit': { target: 'submitting', actions: assign({ values: ({ event }) => event.values, error: undefined }) },
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }: { context: SubmissionContext<unknown, unknown> }) => context.values,
        onDone: {
          target: 'succeeded',
          actions: [
            assign({ result: ({ event }) => event.output }),
            { type: 'succeeded', params: ({ context, event }) => ({ result: event.output, values: context.values }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    succeeded: {
      on: { 'user.edit': 'editing' },
    },
    // The Error modal has told the user why; their input is still in the form, to correct or send again.
    failed: {
      on: {
        'user.edit': 'editing',
        'user.submit': { target: 'submitting', actions: assign({ values: ({ event }) => event.values, error: undefined }) },
      },
    },
  },
});

/* eslint-disable @typescript-eslint/no-explicit-any -- positions of StateMachine kept as they are */
/** The submission statechart with the context, events, `submit` actor and `succeeded` action of one form. */
export type SubmissionMachine<Values, Result = unknown> =
  typeof submission extends StateMachine<
    any, any, any, any, infer TAction, infer TGuard, infer TDelay, infer TStateValue, infer TTag,
    infer TInput, infer TOutput, infer TEmitted, infer TMeta, infer TSchema, infer TTransitionMeta
  >
    ? StateMachine<
        SubmissionContext<Values, Result>,
        SubmissionEvent<Values>,
        { [id: string]: ActorRefFromLogic<PromiseActorLogic<Result, Values>> | undefined },
        { src: 'submit'; logic: PromiseActorLogic<Result, Values>; id: string | undefined },
        | Exclude<TAction, { type: 'succeeded' }>
        | { type: 'succeeded'; params: { result: Result; values: Values } },
        TGuard, TDelay, TStateValue, TTag, TInput, TOutput, TEmitted, TMeta, TSchema, TTransitionMeta
      >
    : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * The submission machine of one form, typed by its values and the server's answer:
 *
 *   const saveDetails = createSubmissionMachine<UpdateUserBody, AuthUser>();
 *   useActorRef(saveDetails.provide({ actors: { submit: fromPromise(({ input }) => users.update(input)) } }));
 *
 * The view keeps the field values being typed; whether a send is under way, what came back and why it
 * failed live here. The app provides `submit` (the call) and, where a success leads somewhere,
 * `succeeded` (navigate, log in, tell the session). Every form shares the one statechart above.
 */
export function createSubmissionMachine<Values, Result = unknown>(): SubmissionMachine<Values, Result> {
  return submission as unknown as SubmissionMachine<Values, Result>;
}

/** The machine as the registry, the visualiser and the model-based test see it. */
export const submissionMachine = createSubmissionMachine<Record<string, unknown>, unknown>();

export type SubmissionSnapshot<Values = unknown, Result = unknown> = SnapshotFrom<SubmissionMachine<Values, Result>>;

/** The answer of the last send, while the machine shows it (`succeeded`). */
export const resultOf = <Values, Result>(snapshot: SubmissionSnapshot<Values, Result>): Result | undefined =>
  snapshot.matches('succeeded') ? snapshot.context.result : undefined;

/** True while a send is under way or has led on: the form's buttons stay disabled. */
export const isBusy = <Values, Result>(snapshot: SubmissionSnapshot<Values, Result>) =>
  snapshot.matches('submitting') || snapshot.matches('succeeded');
