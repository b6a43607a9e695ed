/** A changeset as a plan makes it and a flush writes it: what the tree gives, what the hosts take. */

export type ChangeAction = 'create' | 'update' | 'delete';

export interface FileChange {
  /** Relative to the tree's root, forward slashes. */
  path: string;
  action: ChangeAction;
  before: string | undefined;
  /** The new content; '' for a deleted file. */
  after: string;
}
