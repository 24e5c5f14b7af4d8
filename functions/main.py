"""Entry point of the Cloud Functions codebase: declares the functions, nothing else.

Firebase discovers every function defined at module level here; the code lives in `service`.
"""
# `as createAccount`: an explicit re-export (ruff F401), the function is deployed, not used here.
from service.accounts import createAccount as createAccount
from service.analysis import analyseDeal as analyseDeal
from service.callables import CALLABLES
from service.endpoint import callable_function
from service.events import EVENT_CALLABLES
from service.sweep import sweepRooms as sweepRooms

#: Every function this codebase deploys: a request naming one of them is run only by it.
FUNCTION_NAMES = ("createAccount", "sweepRooms", "analyseDeal", *CALLABLES, *EVENT_CALLABLES)

createGameRoom = callable_function("createGameRoom", CALLABLES["createGameRoom"], FUNCTION_NAMES)
joinGameRoom = callable_function("joinGameRoom", CALLABLES["joinGameRoom"], FUNCTION_NAMES)
leaveGameRoom = callable_function("leaveGameRoom", CALLABLES["leaveGameRoom"], FUNCTION_NAMES)
toggleReady = callable_function("toggleReady", CALLABLES["toggleReady"], FUNCTION_NAMES)
exportDeals = callable_function("exportDeals", CALLABLES["exportDeals"], FUNCTION_NAMES)
startGame = callable_function("startGame", CALLABLES["startGame"], FUNCTION_NAMES)
placeBid = callable_function("placeBid", CALLABLES["placeBid"], FUNCTION_NAMES)
chooseTeammate = callable_function("chooseTeammate", CALLABLES["chooseTeammate"], FUNCTION_NAMES)
playCard = callable_function("playCard", CALLABLES["playCard"], FUNCTION_NAMES)
claim = callable_function("claim", CALLABLES["claim"], FUNCTION_NAMES)
respondClaim = callable_function("respondClaim", CALLABLES["respondClaim"], FUNCTION_NAMES)
requestUndo = callable_function("requestUndo", CALLABLES["requestUndo"], FUNCTION_NAMES)
respondUndo = callable_function("respondUndo", CALLABLES["respondUndo"], FUNCTION_NAMES)
inviteToRoom = callable_function("inviteToRoom", CALLABLES["inviteToRoom"], FUNCTION_NAMES)
updateRoomSettings = callable_function("updateRoomSettings", CALLABLES["updateRoomSettings"], FUNCTION_NAMES)
updateProfile = callable_function("updateProfile", CALLABLES["updateProfile"], FUNCTION_NAMES)
addBot = callable_function("addBot", CALLABLES["addBot"], FUNCTION_NAMES)
removeBot = callable_function("removeBot", CALLABLES["removeBot"], FUNCTION_NAMES)
claimTimeout = callable_function("claimTimeout", CALLABLES["claimTimeout"], FUNCTION_NAMES)
watchRoom = callable_function("watchRoom", CALLABLES["watchRoom"], FUNCTION_NAMES)
stopWatching = callable_function("stopWatching", CALLABLES["stopWatching"], FUNCTION_NAMES)
kickPlayer = callable_function("kickPlayer", CALLABLES["kickPlayer"], FUNCTION_NAMES)
sendMessage = callable_function("sendMessage", CALLABLES["sendMessage"], FUNCTION_NAMES)
createEvent = callable_function("createEvent", EVENT_CALLABLES["createEvent"], FUNCTION_NAMES)
joinEventTable = callable_function("joinEventTable", EVENT_CALLABLES["joinEventTable"], FUNCTION_NAMES)
addEventBot = callable_function("addEventBot", EVENT_CALLABLES["addEventBot"], FUNCTION_NAMES)
startEvent = callable_function("startEvent", EVENT_CALLABLES["startEvent"], FUNCTION_NAMES)
leaveEvent = callable_function("leaveEvent", EVENT_CALLABLES["leaveEvent"], FUNCTION_NAMES)

__all__ = list(FUNCTION_NAMES)
