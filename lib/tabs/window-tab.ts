/** A tab of the panel's window, as the composer shows it. */
export interface WindowTab {
  id: number;
  title: string;
  url: string;
  active: boolean;
}
