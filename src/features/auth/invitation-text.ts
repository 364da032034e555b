export const invitationText = {
  received: (company: string, role: string) => `You have received an invitation from company ${company} as ${role}`,
  acceptInvite: 'Accept Invite',
  lead: 'Accepting adds this role to the account you are signed in with.',
} as const;
