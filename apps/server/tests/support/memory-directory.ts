/**
 * A `Directory` in memory for tests of what sits above the port (routes, enrolment rules): people,
 * group memberships, and faults on demand. The adapters' own behaviour is tested against the
 * database (local) and the Graph stand-in (graph).
 */
import type { UpdatableUserField, UserDetails } from '@centro/contracts';
import { DirectoryUserNotFoundError, type Directory } from '../../src/directory/directory.js';

type Operation = keyof Directory;

export class MemoryDirectory implements Directory {
  readonly users = new Map<string, UserDetails>();
  readonly memberships = new Set<string>();
  /** Calls per operation. */
  readonly calls: Record<Operation, number> = {
    getUser: 0,
    updateUser: 0,
    setBirthDate: 0,
    addToGroup: 0,
    removeFromGroup: 0,
    isMember: 0,
    ping: 0,
    findUsers: 0,
  };
  /** When set, the operation throws what this returns (if anything) before doing its work. */
  fault: ((operation: Operation) => Error | undefined) | undefined;
  /** Milliseconds each call waits (lets concurrent requests interleave as with a real service). */
  latencyMs = 0;

  addUser(id: string, details: Partial<UserDetails> = {}): UserDetails {
    const user: UserDetails = {
      id,
      displayName: `Pessoa ${id.slice(0, 8)}`,
      mail: `${id.slice(0, 8)}@example.org`,
      mobilePhone: null,
      birthday: null,
      extensionCelular: null,
      extensionDataNascimento: null,
      dataNascimento: null,
      ...details,
    };
    this.users.set(id, user);
    return user;
  }

  isMemberNow(groupId: string, userId: string): boolean {
    return this.memberships.has(`${groupId.toLowerCase()} ${userId}`);
  }

  async #enter(operation: Operation): Promise<void> {
    this.calls[operation]++;
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    else await Promise.resolve();
    const error = this.fault?.(operation);
    if (error) throw error;
  }

  #user(id: string): UserDetails {
    const user = this.users.get(id);
    if (!user) throw new DirectoryUserNotFoundError();
    return user;
  }

  async getUser(id: string) {
    await this.#enter('getUser');
    const user = this.users.get(id);
    return user ? { ...user } : null;
  }

  async updateUser(id: string, field: UpdatableUserField, value: string) {
    await this.#enter('updateUser');
    this.#user(id)[field] = value;
  }

  async setBirthDate(id: string, birthDate: string) {
    await this.#enter('setBirthDate');
    this.#user(id).dataNascimento = birthDate;
  }

  async addToGroup(groupId: string, userId: string) {
    await this.#enter('addToGroup');
    this.#user(userId);
    this.memberships.add(`${groupId.toLowerCase()} ${userId}`);
  }

  async removeFromGroup(groupId: string, userId: string) {
    await this.#enter('removeFromGroup');
    this.memberships.delete(`${groupId.toLowerCase()} ${userId}`);
  }

  async isMember(groupId: string, userId: string) {
    await this.#enter('isMember');
    return this.isMemberNow(groupId, userId);
  }

  async ping() {
    await this.#enter('ping');
  }

  async findUsers(text: string, limit: number) {
    await this.#enter('findUsers');
    const wanted = text.toLowerCase();
    return [...this.users.values()]
      .filter((u) => `${u.displayName ?? ''} ${u.mail ?? ''}`.toLowerCase().includes(wanted))
      .slice(0, limit)
      .map((u) => ({ id: u.id, displayName: u.displayName ?? '', mail: u.mail ?? '' }));
  }
}
