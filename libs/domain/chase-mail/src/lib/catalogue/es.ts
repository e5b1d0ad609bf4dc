import { type Catalogue } from '@intake/domain-messages';
import { type ChaseMailKey } from './en';

/** Spanish (Spain): formal address (usted). */
export const es: Catalogue<ChaseMailKey> = {
  from_name: '{sender} de {account}',
  placeholder_project: 'Proyecto de ejemplo',

  greeting: 'Buenos días, {name}:',
  greeting_anonymous: 'Buenos días:',
  due: 'Envíenos todo, por favor, a más tardar el {date}.',
  button_open: 'Abrir la solicitud',
  button_review: 'Ver lo que ha enviado',
  link_fallback: 'Si el botón no funciona, copie este enlace en su navegador:',
  signoff: 'Un cordial saludo,\n{sender}',
  footer_reason:
    'Recibe este correo porque {sender} está reuniendo documentación para {project} a través de un portal de ' +
    'clientes. El enlace es solo para usted: por favor, no lo reenvíe.',
  footer_reply: 'Si tiene alguna pregunta, responda a este correo y su respuesta le llegará a {sender}.',
  footer_no_reply: 'Este correo se ha enviado automáticamente; las respuestas no se leen.',
  items_requested: { one: 'Necesitamos de usted {n} elemento:', other: 'Necesitamos de usted {n} elementos:' },
  items_missing: { one: 'Todavía falta {n} elemento:', other: 'Todavía faltan {n} elementos:' },
  items_new: { one: '{n} elemento nuevo:', other: '{n} elementos nuevos:' },

  invite_subject: 'Documentación para {project}',
  invite_intro:
    '{sender} le pide algunas cosas para {project}. Puede enviarlo todo en un solo lugar, sin necesidad de ' +
    'crear una cuenta.',

  reminder_subject: 'Recordatorio: documentación para {project}',
  reminder_subject_custom: 'Recordatorio: {subject}',
  reminder_intro: 'Le recordamos amablemente que todavía falta parte de la documentación para {project}.',
  manual_subject: '{sender} le pregunta por la documentación para {project}',
  manual_intro: '{sender} quiere recordarle personalmente la documentación pendiente para {project}.',
  sms_manual: '{sender}: aún falta documentación para {project}. Por favor, envíela aquí: {link}',

  revision_subject: 'Por favor, revise «{item}» ({project})',
  revision_intro: '{sender} ha revisado «{item}» para {project} y le pide que lo modifique.',
  revision_note: 'Qué hay que cambiar:',

  items_added_subject: 'Se necesita más documentación para {project}',
  items_added_intro: '{sender} necesita algunas cosas más de usted para {project}.',

  thank_you_subject: 'Gracias: {project} está completo',
  thank_you_intro: '¡Gracias! {sender} ya ha recibido todo lo necesario para {project}.',
  thank_you_next: 'No tiene que hacer nada más. Puede seguir consultando lo que ha enviado.',

  owner_greeting: 'Buenos días:',
  owner_open: 'Abrir la solicitud',
  owner_footer: 'Recibe esta notificación sobre una solicitud de {account}.',
  owner_missing: { one: 'Falta {n} elemento obligatorio:', other: 'Faltan {n} elementos obligatorios:' },
  completed_subject: '{client} ha enviado todo para {project}',
  completed_intro: 'Ya están todos los elementos obligatorios de {project}. Puede revisarlos y recoger los resultados.',
  stalled_subject: 'Sin respuesta de {client}: {project}',
  stalled_intro: {
    one: '{client} no ha completado {project} tras {n} recordatorio, así que los recordatorios se han detenido.',
    other: '{client} no ha completado {project} tras {n} recordatorios, así que los recordatorios se han detenido.',
  },
  stalled_next:
    'Puede ponerse en contacto con el cliente usted mismo o aumentar el límite de recordatorios para reanudarlos.',
  overdue_subject: 'Plazo vencido: {project}',
  overdue_intro: 'La fecha límite de {project}, el {date}, ha pasado y {client} todavía no lo ha enviado todo.',
  bounced_subject: 'Los correos a {address} no llegan ({project})',
  bounced_intro: 'No se han podido entregar nuestros correos a {address} sobre {project}.',
  complained_subject: '{address} ha marcado nuestro correo como spam ({project})',
  complained_intro: 'El destinatario de {address} ha marcado como spam nuestro correo sobre {project}.',
  bounced_retired: 'No volveremos a escribir a esta dirección hasta que la reactive en la solicitud.',
  bounced_still_chasing: 'Los demás destinatarios siguen recibiendo los recordatorios.',
  bounced_nobody_left:
    'No queda nadie a quien recordar, así que los recordatorios se han detenido. Compruebe la dirección y ' +
    'reactívela, o añada otro destinatario.',
};
