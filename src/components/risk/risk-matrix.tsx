import { consequenceScale, likelihoodScale } from '../../domain/risk';
import { cx } from '../../ui/cx';
import { bandOfCell, bandStyle } from './risk-levels';
import { riskText } from './strings';
import './risk.css';

export interface RiskMatrixProps {
  readonly consequence: number;
  readonly likelihood: number;
  readonly className?: string;
}

const likelihoodHighFirst = [...likelihoodScale].reverse();

/** The 5 × 5 matrix of spec §9 levels, each cell in its band's colour, this SWMS's cell marked. */
export function RiskMatrix({ consequence, likelihood, className }: RiskMatrixProps) {
  return (
    <table className={cx('risk-matrix', className)} data-slot="risk-matrix">
      <caption className="visually-hidden">{riskText.matrix}</caption>
      <thead>
        <tr>
          <td className="risk-matrix-corner" />
          <th scope="colgroup" colSpan={consequenceScale.length} className="risk-matrix-axis">
            {riskText.consequence}
          </th>
        </tr>
        <tr>
          <th scope="col" className="risk-matrix-axis risk-matrix-axis-row">
            {riskText.likelihood}
          </th>
          {consequenceScale.map((entry) => (
            <th key={entry.level} scope="col" className="risk-matrix-head" title={`${entry.level} ${entry.label}`}>
              {entry.level}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {likelihoodHighFirst.map((row) => (
          <tr key={row.level}>
            <th scope="row" className="risk-matrix-head" title={`${row.level} ${row.label}`}>
              {row.level}
            </th>
            {consequenceScale.map((column) => {
              const selected = column.level === consequence && row.level === likelihood;
              const band = bandOfCell(column.level, row.level);
              return (
                <td key={column.level} className="risk-matrix-cell" style={bandStyle(band)} data-selected={selected ? '' : undefined} data-band={band}>
                  {column.level * row.level}
                  {selected ? <span className="visually-hidden"> ({riskText.selectedCell})</span> : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
