/** What the team use cases need of the configuration: the dashboard's address for invitation links. */
export class TeamSettings {
  /** @param appUrl dashboard address; invitation links are `{appUrl}/accept-invitation?token=…` */
  constructor(readonly appUrl: string) {}
}
