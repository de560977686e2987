/**
 * The directory as the enrolment sees it, with the people enrolled at the desk (decision 095): a
 * desk id (`desk-…`) is nobody in Microsoft Entra ID nor in the local accounts, so this layer
 * answers for it from `desk_people` and passes every other id to the configured adapter. The
 * enrolment's path (places, waiting list, e-mails, staff lists, exports) then runs unchanged for
 * them. A desk person has no account to add to a course's group: the group is joined when an
 * account claims them (claims.ts); meanwhile their membership is nominal (added and removed at
 * once, and a member for the repair, so a pending row of theirs is confirmed, never released).
 */
import { phoneQueryDigits } from '@centro/contracts/people-query';
import type { UserDetails } from '@centro/contracts';
import type { DirectoryAdapter } from '../directory/create-directory.js';
import { DirectoryUserNotFoundError } from '../directory/directory.js';
import { type DeskPerson, type DeskStore, isDeskId } from './desk-store.js';

function detailsOf(person: DeskPerson): UserDetails {
  return {
    id: person.id,
    displayName: person.display_name,
    mail: person.mail,
    mobilePhone: person.mobile_phone,
    birthday: null,
    extensionCelular: null,
    extensionDataNascimento: null,
    dataNascimento: null,
  };
}

export function withDeskPeople(
  directory: DirectoryAdapter,
  desk: Pick<DeskStore, 'byId' | 'find'>,
): DirectoryAdapter {
  return {
    ...directory,
    kind: directory.kind,
    check: () => directory.check(),
    close: () => directory.close(),
    ping: () => directory.ping(),
    async getUser(id) {
      if (!isDeskId(id)) return directory.getUser(id);
      const person = await desk.byId(id);
      // Claimed: the rows are the account's now; the desk id names nobody.
      return person && person.claimed_by === null ? detailsOf(person) : null;
    },
    async updateUser(id, field, value) {
      if (isDeskId(id)) throw new DirectoryUserNotFoundError();
      return directory.updateUser(id, field, value);
    },
    async setBirthDate(id, birthDate) {
      if (isDeskId(id)) throw new DirectoryUserNotFoundError();
      return directory.setBirthDate(id, birthDate);
    },
    async addToGroup(groupId, userId) {
      if (isDeskId(userId)) return;
      return directory.addToGroup(groupId, userId);
    },
    async removeFromGroup(groupId, userId) {
      if (isDeskId(userId)) return;
      return directory.removeFromGroup(groupId, userId);
    },
    async isMember(groupId, userId) {
      if (isDeskId(userId)) return true;
      return directory.isMember(groupId, userId);
    },
    /** Accounts first, then people of the desk not claimed yet, by whole e-mail or phone. */
    async findUsers(text, limit) {
      const found = await directory.findUsers(text, limit);
      const query = text.trim().toLowerCase();
      const email = query.includes('@') ? query : null;
      const digits = phoneQueryDigits(query);
      // 13 digits with the country's code, as stored; 11 typed without it.
      const phone = digits === null ? null : digits.length === 11 ? `55${digits}` : digits;
      const left = limit - found.length;
      const people = left > 0 ? await desk.find(email, phone, left) : [];
      return [
        ...found,
        ...people.map((p) => ({ id: p.id, displayName: p.display_name, mail: p.mail ?? '' })),
      ];
    },
  };
}
