/** Sentences for believable wall posts, comments and thank-you notes. */

export const POST_OPENINGS = [
  'Quick update from the team:',
  'Heads up, everyone.',
  'Good morning!',
  'Some news worth sharing.',
  'Reminder for this week:',
  'We just shipped it.',
  'Short recap of yesterday:',
  'A question for the whole company:',
  'Photos from the offsite are up.',
  'Friendly reminder:',
];

export const POST_SENTENCES = [
  'The new release went out without a single rollback.',
  'The kitchen on the third floor is closed for cleaning until Thursday.',
  'Our customer satisfaction score went up four points this quarter.',
  'Please submit your expense reports before the end of the month.',
  'The parking garage entrance moves to the north side next Monday.',
  'We are hiring two more engineers, referrals are very welcome.',
  'The quarterly town hall starts at 4 pm in the big meeting room and online.',
  'Thanks to everyone who joined the charity run last weekend.',
  'The VPN will be down for maintenance on Saturday between 2 and 4 am.',
  'Our team reached the milestone two weeks ahead of plan.',
  'Lunch and learn on Thursday: how we test the payment flow.',
  'The new onboarding checklist is in the knowledge base.',
  'We welcomed three new colleagues in sales this week.',
  'Please update your emergency contacts in your profile.',
  'The design review moved to Wednesday morning.',
  'Coffee machine number two is fixed, finally.',
  'The security training is mandatory for everyone by Friday.',
  'We signed a new partner in the logistics sector.',
  'Volunteers needed for the summer party committee.',
  'The office will be closed on the public holiday.',
];

export const COMMENTS = [
  'Great news!',
  'Thanks for sharing.',
  'Congratulations to the whole team!',
  'Is there a recording?',
  'Count me in.',
  'Well deserved.',
  'Where can I find the details?',
  'Finally!',
  'Thanks for the reminder.',
  'Looking forward to it.',
  'Could we move it to the afternoon?',
  'Amazing work, everyone.',
];

export const THANKS = [
  'thank you for staying late to help us fix the release, you saved the week!',
  'huge thanks for walking me through the billing system on my first days.',
  'thank you for covering my customer calls while I was sick.',
  'many thanks for the brilliant presentation at the client meeting.',
  'thanks for organising the team dinner, it was a wonderful evening.',
  'thank you for reviewing the contract so quickly and so carefully.',
];
