/** Korean: Settings → Studio (the hub and its seats), its status bar words and its errors. */
export const studio = {
  studio: {
    open: '스튜디오…',
    title: '스튜디오',
    hostingOff:
      '호스팅이 꺼져 있습니다. 켜면 다른 OnAir Desk가 이 데스크에 좌석으로 참여할 수 있습니다. 토큰은 이 컴퓨터를 떠나지 않습니다.',
    address: '주소',
    addressHint:
      '좌석이 이 컴퓨터에 연결할 네트워크 인터페이스입니다. 127.0.0.1은 이 컴퓨터에서만 연결됩니다.',
    port: '포트',
    portHint: '0이면 비어 있는 포트를 고릅니다.',
    start: '호스팅 켜기',
    stop: '호스팅 끄기',
    url: '스튜디오 주소',
    fingerprint: '인증서 지문(SHA-256)',
    fingerprintHint: '좌석은 참여하기 전에 이 지문을 확인합니다. 좌석 화면의 지문과 비교하세요.',
    newCode: '새 페어링 코드',
    role: '역할',
    roleOperator: '운영자',
    roleObserver: '관찰자',
    roleBackup: '백업 허브',
    backupHint:
      '백업 허브는 같은 계정을 자기 키체인에 둔 두 번째 OnAir Desk입니다. 이 허브를 따라가다가 허브가 3초 동안 응답이 없으면 대신 맡습니다.',
    roleHint: '운영자는 명령을 실행하고, 관찰자는 모든 것을 보지만 아무것도 바꾸지 않습니다.',
    codeExpires: '{time}까지 좌석 하나에 쓸 수 있습니다.',
    pairingLocked: '잘못된 코드가 다섯 번 입력되어 {time}까지 페어링이 잠겼습니다.',
    seats: '좌석',
    noSeats: '아직 참여한 좌석이 없습니다.',
    seatName: '좌석 이름',
    lastContact: '마지막 연결',
    never: '없음',
    online: '연결됨',
    offline: '연결 안 됨',
    revoke: '해지',
    revokeConfirm:
      '“{name}” 좌석을 해지할까요? 즉시 연결이 끊기며 새 코드로 다시 페어링해야 합니다.',
    joinTitle: '좌석으로 스튜디오에 참여',
    joinUrl: '스튜디오 주소',
    joinFingerprint: '허브 지문(SHA-256)',
    joinCode: '페어링 코드',
    joinCodeHint: '비워 두면 이 데스크에 보관된 자격 증명으로 다시 참여합니다.',
    join: '참여',
    leave: '스튜디오 나가기',
    backupCliHint:
      '백업 워크스테이션(같은 계정을 자기 키체인에 둔 곳)에서 역할이 백업 허브인 코드로 OnAir Desk를 이 스튜디오의 백업 허브로 시작하세요.',
    joinHint: '허브의 주소, 지문, 허브에서 받은 페어링 코드로 OnAir Desk를 좌석으로 시작하세요.',
    seatOf: '이 데스크는 {url}의 좌석입니다.',
    seatRole: '허브에서의 역할: {role}',
    hubFingerprint: '허브 인증서 지문(SHA-256)',
    backupTitle: '스튜디오의 백업 허브 되기',
    backupFormHint:
      '같은 계정을 자기 키체인에 둔 이 데스크가 위의 주소와 포트에서 대기하며 허브의 하트비트를 따라갑니다. 허브가 3초 동안 응답하지 않으면 좌석을 맡습니다. 역할이 백업 허브인 페어링 코드를 쓰세요.',
    backupStart: '백업 허브로 시작',
    standing: {
      following: '{url}의 백업 허브: 하트비트를 따라가는 중입니다.',
      followingLost: '{url}의 백업 허브: 하트비트가 이 데스크에 오지 않습니다.',
      followingHint: '허브가 3초 동안 응답하지 않기 전까지 이 데스크는 좌석에 503으로 응답합니다.',
      serving: '{time}에 {url}에서 넘겨받았습니다. 이 데스크가 좌석을 맡고 있습니다.',
      hubStoodDown: '허브가 {time}에 돌아와 물러나라는 안내를 받았습니다.',
      down: '물러나 있음: {time}부터 {url}의 백업 허브가 좌석을 맡고 있습니다.',
      downHint:
        '이 허브는 좌석에 응답하지 않고 이 창의 감시도 호출하지 않으므로 수치가 갱신되지 않습니다. 다시 맡으려면 백업이 호스팅을 끈 뒤 이 데스크의 호스팅을 껐다가 다시 켜세요.',
    },
    state: {
      connecting: '연결 중…',
      connected: '연결됨',
      disconnected: '연결 안 됨: 다시 시도하는 중',
      revoked: '허브가 해지함',
    },
    bar: {
      hosting: '스튜디오 · 좌석 {count}개 연결됨',
      seat: '좌석 “{name}” · {state}',
    },
    errors: {
      joinRefused: '참여하지 못했습니다: {reason}',
      hostingWhileSeat: '이 데스크는 스튜디오의 좌석입니다. 호스팅하려면 먼저 나가세요.',
      seatWhileHosting:
        '이 데스크는 스튜디오를 호스팅하고 있습니다. 다른 스튜디오에 참여하려면 먼저 호스팅을 끄세요.',
      noSuchSeat: '이 스튜디오에 그런 좌석이 없습니다.',
      cannotListen: '스튜디오가 {address}:{port}에서 연결을 받을 수 없습니다: {detail}.',
      hubOnly: '스튜디오는 허브에서만 관리합니다.',
      hubUnreachable: '스튜디오 허브가 응답하지 않습니다({detail}).',
      outcomeUnknown:
        '알 수 없음: “{command}” 명령이 가는 도중 허브가 응답을 멈췄고, 다시 보내지 않았습니다. 다시 읽은 뒤 결정하세요.',
      standby: '이 데스크는 스튜디오의 백업 허브입니다. 허브가 응답하지 않을 때만 좌석을 맡습니다.',
      notBackupCode:
        '이 페어링 코드는 백업 허브용이 아닙니다. 허브에서 역할이 백업 허브인 코드를 받으세요.',
      backupNoCommands: '백업 허브는 허브를 따라갈 뿐, 여기서 명령을 실행하지 않습니다.',
      notSeatCopy:
        '좌석은 스튜디오 허브로 보낸 파일만 대기열에 넣을 수 있습니다. 거부했고 아무것도 대기열에 넣지 않았습니다. 이 좌석에서 파일을 다시 끌어다 놓으세요.',
      hubDiskFull:
        '스튜디오 허브의 디스크가 가득 차서 “{name}” 파일을 대기열에 넣지 못했습니다. 허브에서 공간을 확보한 뒤 다시 대기열에 넣으세요.',
      fileNotCopied:
        '스튜디오 허브가 “{name}” 파일의 사본을 보관하지 못해({detail}) 대기열에 넣지 않았습니다.',
      fingerprintMismatch:
        '허브의 인증서({got})가 이 좌석이 고정한 인증서가 아닙니다. 연결을 거부했고 아무것도 보내지 않았습니다.',
    },
  },
} as const;
