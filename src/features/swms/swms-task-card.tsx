import { PpeList } from '../../components/ppe/ppe-list';
import type { Swms } from '../../domain/swms';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { DetailItem, DetailList } from '../../ui/details';
import { SwmsPhoto } from './swms-photo';
import { swmsText } from './strings';

function Text({ children }: { readonly children: string }) {
  return children.trim() ? <span className="swms-text">{children}</span> : <span className="muted">{swmsText.none}</span>;
}

/** WHS Regulation 299 (issue 10): shown when the SWMS says them; older SWMS have none. */
const controlSteps = ['controlImplementation', 'controlMonitoring', 'controlReview'] as const;

/** Spec §3 task: what is done, with what, its risk and control (each with a photo), and the PPE worn. */
export function SwmsTaskCard({ swms }: { readonly swms: Swms }) {
  const { task } = swms;
  return (
    <Card aria-labelledby="swms-task-title">
      <CardHeader>
        <CardTitle id="swms-task-title">{swmsText.task}</CardTitle>
      </CardHeader>
      <CardContent className="swms-task">
        <DetailList className="swms-task-list">
          <DetailItem label={swmsText.taskDescription} data-span="full">
            <Text>{task.taskDescription}</Text>
          </DetailItem>
          <DetailItem label={swmsText.mobilePlantTools} data-span="full">
            <Text>{task.mobilePlantTools}</Text>
          </DetailItem>
          <DetailItem label={swmsText.riskText}>
            <Text>{task.riskText}</Text>
            <SwmsPhoto photo={task.riskPhoto} alt={swmsText.riskPhoto} />
          </DetailItem>
          <DetailItem label={swmsText.controlText}>
            <Text>{task.controlText}</Text>
            <SwmsPhoto photo={task.controlPhoto} alt={swmsText.controlPhoto} />
          </DetailItem>
          {controlSteps.map((field) =>
            task[field].trim() ? (
              <DetailItem key={field} label={swmsText[field]} data-span="full">
                <span className="swms-text">{task[field]}</span>
              </DetailItem>
            ) : null,
          )}
          <DetailItem label={swmsText.ppe} data-span="full">
            <PpeList ppe={task.ppe} emptyText={swmsText.none} label={swmsText.ppe} />
          </DetailItem>
          <DetailItem label={swmsText.otherPpe} data-span="full">
            <Text>{task.otherPpe}</Text>
          </DetailItem>
        </DetailList>
      </CardContent>
    </Card>
  );
}
