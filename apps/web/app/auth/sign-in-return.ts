/**
 * The page a sign-in (or an account's creation) came back to is opened with this navigation state,
 * so that the page can bring the person back to what they were doing: a course page focuses its
 * enrolment button instead of leaving them at the top (decision 084).
 */
export const SIGN_IN_RETURN_STATE = { returnedFromSignIn: true } as const;

/** Whether a location's state says the page was opened by the way back from the sign-in. */
export function isSignInReturn(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { returnedFromSignIn?: unknown }).returnedFromSignIn === true
  );
}
