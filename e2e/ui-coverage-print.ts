/** Joins the UI coverage parts of every run so far and prints the figure (end of e2e.sh). */
import { joinCoverage } from './ui-coverage';

console.log(joinCoverage());
