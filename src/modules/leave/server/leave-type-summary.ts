import type { LeaveTypeSummary } from '../leave-settings.contract';

/** The columns a query selects for an absence's or a value's leave type. */
export type LeaveTypeColumns = {
  leave_type_id: LeaveTypeSummary['id'];
  leave_type_key: LeaveTypeSummary['key'];
  leave_type_name: LeaveTypeSummary['name'];
  leave_type_colour: LeaveTypeSummary['colour'];
  leave_type_paid: LeaveTypeSummary['paid'];
  leave_type_deducted: LeaveTypeSummary['deducted'];
};

export const leaveTypeSummaryOf = (row: LeaveTypeColumns): LeaveTypeSummary => ({
  id: row.leave_type_id,
  key: row.leave_type_key,
  name: row.leave_type_name,
  colour: row.leave_type_colour,
  paid: row.leave_type_paid,
  deducted: row.leave_type_deducted,
});
