// Who may edit a matrix (the server decides; this only hides controls the user may not
// use): managers and supervisors of production and process whose zones hold the matrix's
// zone (cell + zone, e.g. A1). plugins/training/README.md has the table.
export function canEditMatrix(user, scope) {
  if (!user) return false;
  const editor = ['manager', 'supervisor'].includes(user.position) && ['production', 'process'].includes(user.department);
  return editor && (user.zones || []).includes(`${scope.cell}${scope.zone}`);
}
