/** An account as the policy and the session know it: who it is, its role, where it belongs. */
export interface AccountRef {
  logname: string;
  uid: number;
  accountRole: string;
  primary: string | null;
  dashboardAdmin: boolean;
  billEmail: string;
  role: string;
}
