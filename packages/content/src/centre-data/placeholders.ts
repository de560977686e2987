/**
 * Every value a centre must replace before going live (each is marked `// PLACEHOLDER:` where it is
 * defined). Paths use `[*]` for "every element".
 */
export const placeholders: string[] = [
  'centre.name',
  'centre.portalName',
  'centre.address',
  'centre.whatsapp',
  'centre.email',
  'centre.mapEmbedUrl',
  'programmes[*].courses[*].groupId',
  'programmes[*].courses[*].inviteCode',
  'programmes[*].courses[*].places',
  'programmes[*].courses[*].meetings',
];
