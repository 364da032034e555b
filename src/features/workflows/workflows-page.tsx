import { Link } from 'react-router-dom';
import { Page, PageTitle } from '../../ui/page';
import { workflows } from './registry';
import { workflowText } from './strings';
import './workflows.css';

/** Issue 9 /workflows: every machine in machines/ with what it governs. */
export function WorkflowsPage() {
  return (
    <Page>
      <PageTitle>{workflowText.list}</PageTitle>
      <p className="workflow-summary">{workflowText.lead}</p>
      <ul className="workflow-list">
        {workflows.map((workflow) => (
          <li key={workflow.id}>
            <Link to={`/workflows/${workflow.id}`}>
              <h2>{workflow.title}</h2>
              <p>{workflow.governs}</p>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
