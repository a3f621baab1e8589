/**
 * The migrations written before Hallway applied its own (drizzle-kit numbered them and drizzle-orm's migrator applied
 * them by the time in its journal). They keep their names and content; `when` is the journal's time, which a
 * database migrated by an older release stores as `created_at` in `drizzle.__drizzle_migrations`, and `hash` the
 * sha256 of the file as shipped last. Frozen: every later migration is a timestamped file (see migrate.ts).
 */
export const LEGACY_MIGRATIONS: readonly { name: string; when: number; hash: string }[] = [
  {
    name: '0000_pale_sabra',
    when: 1795265109175,
    hash: '455cdea4ef8497493db80476d662f44f937cce84fd277b0b776ff15c57fdc14f',
  },
  {
    name: '0001_same_wolverine',
    when: 1795266815765,
    hash: '151fe5682fe591b21d0d95ef03c81d9ba0a601ad47161bfb68a28c246f7b544b',
  },
  {
    name: '0002_elite_madrox',
    when: 1795266827087,
    hash: '59b1e3f451771af91114e67e467b8832dd7930f1abd6420d6443926a9344c58c',
  },
  {
    name: '0003_special_proteus',
    when: 1795268975849,
    hash: '9756b938fa2689fef88bc6c0e2b21f3b0e0f1b7edc1e72ac4033d554eec65254',
  },
  {
    name: '0004_milky_caretaker',
    when: 1795269555544,
    hash: '44ccea9ba3a77633221f81abc348855d1a93f63bb390593974d16a3542914647',
  },
  {
    name: '0005_sign_in_names',
    when: 1795369209491,
    hash: 'ac0c76b9c22f443c078dc69543721e3f3123c485fbfbbba3a81a5caf153229f2',
  },
  {
    name: '0006_notifications',
    when: 1795373991075,
    hash: '502e25e001d93eefcda5d86ddb335f018899151f5e8703c7c0da20009f289b85',
  },
  {
    name: '0007_structure',
    when: 1795380502943,
    hash: '73b971e61929a087d87f4d91add538f024be7fac2e20a87423dc36941a953433',
  },
  {
    name: '0008_groups',
    when: 1795384809179,
    hash: '5be8d7b4e518e8184b20cdb82e902fa2ae6f7f178de09cd9d616438878445598',
  },
  {
    name: '0009_notif_templates',
    when: 1795385133986,
    hash: 'a5a48c6480dde546b3c746d739797bfc78885f8ddb14d441740fde33f0e7b2cc',
  },
  {
    name: '0010_events',
    when: 1795385313040,
    hash: '9a79e4151d084cd92d38a4431fb0a9d107ae9bcbf60bc61734fc2f4c1647fc1b',
  },
  {
    name: '0011_event_groups',
    when: 1795386069363,
    hash: 'a762b516ca211387da0577ac22936dd69bd4b89d1860c312594c54e82dce04fa',
  },
  {
    name: '0012_users_chart_index',
    when: 1795610591155,
    hash: '7163100008fed103346e803b75f5b7a5d6f60bfc014e7e17a0cef124c1e32d0c',
  },
  {
    name: '0013_mailings',
    when: 1795611797479,
    hash: '13cdfba581aab2dc9b2ed2b83515d53f9b93c5116f526942419304a406aa8e40',
  },
  {
    name: '0014_mail_attachments',
    when: 1795612218284,
    hash: 'f8499797205b9dbd4738c8baa7dc0a2b80f1d1f3698612fce71704938e78ede6',
  },
  {
    name: '0015_user_invitations',
    when: 1795613056458,
    hash: '5a372b80cfc7e6d64d014842660e5ca1ad4c28b50ae1bea4c88e24975f7b9f57',
  },
  {
    name: '0016_messenger_channels',
    when: 1795613415493,
    hash: '4146bf3ed7c4be164b16e4ab136c39331c3e1b17a79cb3c4c6e41c091995df5d',
  },
  {
    name: '0017_post_pins_scheduled',
    when: 1795613624777,
    hash: '83c406421a11044e8f0ec903202fceca8325aebdbaa0bf7ba7fa67bb164e49c2',
  },
  {
    name: '0018_birthday_notices',
    when: 1795613815765,
    hash: 'b9936290e1862c060e2bba86d95f543a372c0c616c5a3d61afdc6cb471a0a427',
  },
  {
    name: '0019_registration_approval',
    when: 1795622138762,
    hash: 'efd9ddf3afb77be42a901dfa1c9970970dd98c83b81b7390068721f549998677',
  },
  {
    name: '0020_post_doc',
    when: 1795627401431,
    hash: '678e73ffb6ffc840d3cdeee77a143d57ad5d7d6ec27ec4b4b7dd72f2cc1f8206',
  },
  {
    name: '0021_principal_changes',
    when: 1795646442119,
    hash: '11ad168d32650031f882cc5b837dff58ba5586a96d5395541db9213f20417b53',
  },
];
