// Dashboard widget "Requests awaiting me" (issue 7). Owned by one client part; replaced in full by it.
export function AwaitingMeWidget() {
  return null;
}
